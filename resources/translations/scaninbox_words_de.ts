<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>Checklist</name>
    <message>
        <source>Scans readable</source>
        <translation>Scans lesbar</translation>
    </message>
    <message>
        <source>No holes</source>
        <translation>Keine Löcher</translation>
    </message>
    <message>
        <source>No floating fragments</source>
        <translation>Keine losen Fragmente</translation>
    </message>
    <message>
        <source>Clean mesh</source>
        <translation>Sauberes Netz</translation>
    </message>
    <message>
        <source>No bite-through, arches in occlusion</source>
        <translation>Kein Durchbiss, Kiefer in Okklusion</translation>
    </message>
    <message>
        <source>Scans filed right, bite closed on both sides</source>
        <translation>Scans richtig zugeordnet, Biss beidseitig geschlossen</translation>
    </message>
    <message>
        <source>Room for the material over the preparations</source>
        <translation>Platz für das Material über den Präparationen</translation>
    </message>
    <message>
        <source>No undercuts, abutments parallel</source>
        <translation>Keine Unterschnitte, Pfeiler parallel</translation>
    </message>
    <message>
        <source>Margins found, none open</source>
        <translation>Präparationsgrenzen gefunden, keine offen</translation>
    </message>
    <message>
        <source>Jaw coverage for the work</source>
        <translation>Kiefer für die Arbeit gescannt</translation>
    </message>
    <message>
        <source>Antagonist scanned for the work</source>
        <translation>Antagonist für die Arbeit gescannt</translation>
    </message>
    <message>
        <source>Order form present</source>
        <translation>Auftragsformular vorhanden</translation>
    </message>
    <message>
        <source>Patient identifiable</source>
        <translation>Patient identifizierbar</translation>
    </message>
    <message>
        <source>Delivery date not past</source>
        <translation>Liefertermin nicht überschritten</translation>
    </message>
    <message>
        <source>Work ordered</source>
        <translation>Arbeit beauftragt</translation>
    </message>
    <message>
        <source>No contact requested</source>
        <translation>Keine Rückfrage erbeten</translation>
    </message>
    <message>
        <source>Not a duplicate</source>
        <translation>Kein Duplikat</translation>
    </message>
</context>
<context>
    <name>ColourMap</name>
    <message>
        <source>over {mm}</source>
        <translation>über {mm}</translation>
    </message>
    <message>
        <source>bite-through (&lt; 0)</source>
        <translation>Durchbiss (&lt; 0)</translation>
    </message>
    <message>
        <source>under {mm}: no undercut</source>
        <translation>unter {mm}: kein Unterschnitt</translation>
    </message>
    <message>
        <source>not a prepared wall</source>
        <translation>keine präparierte Wand</translation>
    </message>
    <message>
        <source>under {mm}: untouched</source>
        <translation>unter {mm}: unberührt</translation>
    </message>
    <message>
        <source>Clearance, mm</source>
        <translation>Abstand, mm</translation>
    </message>
    <message>
        <source>Removed, mm</source>
        <translation>Abgetragen, mm</translation>
    </message>
    <message>
        <source>Undercut, mm</source>
        <translation>Unterschnitt, mm</translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <source>perimeter</source>
        <translation>Umfang</translation>
    </message>
    <message>
        <source>area</source>
        <translation>Fläche</translation>
    </message>
    <message>
        <source>depth</source>
        <translation>Tiefe</translation>
    </message>
    <message>
        <source>smallest distance</source>
        <translation>kleinster Abstand</translation>
    </message>
    <message>
        <source>needed</source>
        <translation>benötigt</translation>
    </message>
    <message>
        <source>gap</source>
        <translation>Spalt</translation>
    </message>
    <message>
        <source>angle</source>
        <translation>Winkel</translation>
    </message>
    <message>
        <source>distance</source>
        <translation>Abstand</translation>
    </message>
    <message>
        <source>tooth</source>
        <translation>Zahn</translation>
    </message>
    <message>
        <source>teeth</source>
        <translation>Zähne</translation>
    </message>
    <message>
        <source>material</source>
        <translation>Material</translation>
    </message>
    <message>
        <source>over</source>
        <translation>über</translation>
    </message>
    <message>
        <source>side</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>delivery</source>
        <translation>Liefertermin</translation>
    </message>
    <message>
        <source>case</source>
        <translation>Fall</translation>
    </message>
    <message>
        <source>against</source>
        <translation>gegen</translation>
    </message>
    <message>
        <source>edges</source>
        <translation>Kanten</translation>
    </message>
    <message>
        <source>count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>triangles</source>
        <translation>Dreiecke</translation>
    </message>
    <message>
        <source>share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>axis</source>
        <translation>Einschubachse</translation>
    </message>
    <message>
        <source>places</source>
        <translation>Stellen</translation>
    </message>
    <message>
        <source>length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>width difference</source>
        <translation>Breitenunterschied</translation>
    </message>
    <message>
        <source>overjet</source>
        <translation>Overjet</translation>
    </message>
    <message>
        <source>palate on lower</source>
        <translation>Gaumen im Unterkieferscan</translation>
    </message>
    <message>
        <source>upper file</source>
        <translation>Oberkieferdatei</translation>
    </message>
    <message>
        <source>lower file</source>
        <translation>Unterkieferdatei</translation>
    </message>
    <message>
        <source>open side</source>
        <translation>offene Seite</translation>
    </message>
    <message>
        <source>tooth estimated</source>
        <translation>Zahnposition geschätzt</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>closed all round</source>
        <translation>rundum geschlossen</translation>
    </message>
    <message>
        <source>{value} mm</source>
        <translation>{value} mm</translation>
    </message>
    <message>
        <source>More than {cap} from the antagonist everywhere.</source>
        <translation>Überall mehr als {cap} vom Antagonisten entfernt.</translation>
    </message>
    <message>
        <source>Bite-through up to {depth}.</source>
        <translation>Durchbiss bis {depth}.</translation>
    </message>
    <message>
        <source>Smallest clearance {gap}.</source>
        <translation>Kleinster Abstand {gap}.</translation>
    </message>
    <message>
        <source>at the margin</source>
        <translation>an der Präparationsgrenze</translation>
    </message>
    <message>
        <source>away from the margins</source>
        <translation>abseits der Präparationsgrenzen</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>left</source>
        <translation>links</translation>
    </message>
    <message>
        <source>right</source>
        <translation>rechts</translation>
    </message>
    <message>
        <source>estimated from the shape</source>
        <translation>aus der Form geschätzt</translation>
    </message>
    <message>
        <source>pre-preparation scan</source>
        <translation>Scan vor der Präparation</translation>
    </message>
    <message>
        <source>functional cusps</source>
        <translation>den tragenden Höckern</translation>
    </message>
    <message>
        <source>non-functional cusps</source>
        <translation>den nicht tragenden Höckern</translation>
    </message>
    <message>
        <source>the whole tooth</source>
        <translation>dem ganzen Zahn</translation>
    </message>
</context>
<context>
    <name>FindingText</name>
    <message>
        <source>{title} ({message})</source>
        <translation>{title} ({message})</translation>
    </message>
    <message>
        <source>left</source>
        <comment>the patient&apos;s side</comment>
        <translation>linken</translation>
    </message>
    <message>
        <source>right</source>
        <comment>the patient&apos;s side</comment>
        <translation>rechten</translation>
    </message>
    <message>
        <source>The scan {file} has no triangles.</source>
        <translation>Der Scan {file} enthält keine Dreiecke.</translation>
    </message>
    <message>
        <source>The scan cannot be read: {reason}</source>
        <translation>Der Scan kann nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>Hole of {perimeter} perimeter (about {across} across).</source>
        <translation>Loch mit {perimeter} Umfang (etwa {across} Durchmesser).</translation>
    </message>
    <message>
        <source>Separate part of the bite registration ({area} mm²).</source>
        <translation>Eigener Teil des Bissregistrats ({area} mm²).</translation>
    </message>
    <message numerus="yes">
        <source>Floating fragment of %n triangle(s) ({area} mm²), not connected to the arch.</source>
        <translation>
            <numerusform>Loses Fragment aus %n Dreieck ({area} mm²), nicht mit dem Kiefer verbunden.</numerusform>
            <numerusform>Loses Fragment aus %n Dreiecken ({area} mm²), nicht mit dem Kiefer verbunden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n non-manifold edge(s) (shared by more than two triangles) in {places} place(s).</source>
        <translation>
            <numerusform>%n nicht-mannigfaltige Kante (an mehr als zwei Dreiecken); Stellen: {places}.</numerusform>
            <numerusform>%n nicht-mannigfaltige Kanten (an mehr als zwei Dreiecken); Stellen: {places}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n degenerate triangle(s) (no area).</source>
        <translation>
            <numerusform>%n entartetes Dreieck (ohne Fläche).</numerusform>
            <numerusform>%n entartete Dreiecke (ohne Fläche).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate triangle(s) (the same three points twice).</source>
        <translation>
            <numerusform>%n doppeltes Dreieck (dieselben drei Punkte zweimal).</numerusform>
            <numerusform>%n doppelte Dreiecke (dieselben drei Punkte zweimal).</numerusform>
        </translation>
    </message>
    <message>
        <source>The {jaw} lies up to {depth} inside the {against} over {area} mm².</source>
        <translation>Durchbiss: {jaw} liegt bis zu {depth} tief im Gegenkiefer ({against}), auf {area} mm².</translation>
    </message>
    <message>
        <source>Smallest distance between the arches: {gap}.</source>
        <translation>Kleinster Abstand zwischen den Kiefern: {gap}.</translation>
    </message>
    <message>
        <source>Smallest distance between the arches: {gap} — the arches are not in occlusion.</source>
        <translation>Kleinster Abstand zwischen den Kiefern: {gap} — die Kiefer stehen nicht in Okklusion.</translation>
    </message>
    <message>
        <source>The upper and lower scans look swapped: the scan filed as lower has a palate. File each scan under its jaw.</source>
        <translation>Ober- und Unterkieferscan scheinen vertauscht: Der als Unterkiefer abgelegte Scan hat einen Gaumen. Bitte jeden Scan dem richtigen Kiefer zuordnen.</translation>
    </message>
    <message>
        <source>The upper and lower scans look swapped: the scan filed as upper is {narrower} narrower at the back and its incisors lie {behind} behind the other&apos;s. File each scan under its jaw.</source>
        <translation>Ober- und Unterkieferscan scheinen vertauscht: Der als Oberkiefer abgelegte Scan ist hinten {narrower} schmaler und seine Schneidezähne liegen {behind} hinter denen des anderen. Bitte jeden Scan dem richtigen Kiefer zuordnen.</translation>
    </message>
    <message>
        <source>The arches touch only on the patient&apos;s {side}; on the {open_side} the back teeth stay at least {gap} apart — a bite taken open on one side.</source>
        <translation>Die Kiefer berühren sich nur auf der {side} Seite des Patienten; auf der {open_side} Seite bleiben die Seitenzähne mindestens {gap} auseinander — ein einseitig offen genommener Biss.</translation>
    </message>
    <message>
        <source>Tooth {tooth}: {room} of room for {material}, which needs {needed} (the tooth is located by estimate along the arch).</source>
        <translation>Zahn {tooth}: {room} Platz für {material}, benötigt werden {needed} (Zahnposition entlang des Zahnbogens geschätzt).</translation>
    </message>
    <message>
        <source>Tooth {tooth}: no room ({room} bite-through) for {material}, which needs {needed} (the tooth is located by estimate along the arch).</source>
        <translation>Zahn {tooth}: kein Platz ({room} Durchbiss) für {material}, benötigt werden {needed} (Zahnposition entlang des Zahnbogens geschätzt).</translation>
    </message>
    <message>
        <source>Tooth {tooth}: {room} of room over the functional cusps for {material}, which needs {needed} there (the tooth is located by estimate along the arch).</source>
        <translation>Zahn {tooth}: {room} Platz über den tragenden Höckern für {material}, benötigt werden dort {needed} (Zahnposition entlang des Zahnbogens geschätzt).</translation>
    </message>
    <message>
        <source>Tooth {tooth}: no room ({room} bite-through) over the functional cusps for {material}, which needs {needed} there (the tooth is located by estimate along the arch).</source>
        <translation>Zahn {tooth}: kein Platz ({room} Durchbiss) über den tragenden Höckern für {material}, benötigt werden dort {needed} (Zahnposition entlang des Zahnbogens geschätzt).</translation>
    </message>
    <message>
        <source>Tooth {tooth}: {room} of room over the non-functional cusps for {material}, which needs {needed} there (the tooth is located by estimate along the arch).</source>
        <translation>Zahn {tooth}: {room} Platz über den nicht tragenden Höckern für {material}, benötigt werden dort {needed} (Zahnposition entlang des Zahnbogens geschätzt).</translation>
    </message>
    <message>
        <source>Tooth {tooth}: no room ({room} bite-through) over the non-functional cusps for {material}, which needs {needed} there (the tooth is located by estimate along the arch).</source>
        <translation>Zahn {tooth}: kein Platz ({room} Durchbiss) über den nicht tragenden Höckern für {material}, benötigt werden dort {needed} (Zahnposition entlang des Zahnbogens geschätzt).</translation>
    </message>
    <message>
        <source>Tooth {tooth}: an undercut {depth} deep over {area} mm² on the best path of insertion (tooth located by estimate along the arch).</source>
        <translation>Zahn {tooth}: ein Unterschnitt von {depth} Tiefe auf {area} mm² bei der besten Einschubrichtung (Zahnposition entlang des Zahnbogens geschätzt).</translation>
    </message>
    <message>
        <source>The bridge&apos;s abutments {teeth} diverge by {angle}°: no single path seats the bridge without an undercut ({depth} deep on the best common path; teeth located by estimate along the arch).</source>
        <translation>Die Brückenpfeiler {teeth} divergieren um {angle}°: Keine Einschubrichtung setzt die Brücke ohne Unterschnitt ein ({depth} tief bei der besten gemeinsamen Richtung; Zahnpositionen entlang des Zahnbogens geschätzt).</translation>
    </message>
    <message>
        <source>a clear finish line along {percent} of the way round</source>
        <translation>eine deutliche Präparationsgrenze auf {percent} des Umfangs</translation>
    </message>
    <message>
        <source>{share}: the margin is unclear — the tooth may be unprepared, or the finish line covered by gingiva, blood or saliva</source>
        <translation>{share}: Die Präparationsgrenze ist unklar – der Zahn ist vielleicht nicht präpariert, oder die Grenze ist von Gingiva, Blut oder Speichel verdeckt</translation>
    </message>
    <message>
        <source>{share}, with gaps: check them by eye</source>
        <translation>{share}, mit Lücken: bitte am Bild prüfen</translation>
    </message>
    <message>
        <source>estimated from the shape (no pre-preparation scan): the sharpest convex crease followed round the tooth&apos;s neck; confidence {confidence} ({sureness})</source>
        <translation>aus der Form geschätzt (kein Scan vor der Präparation): die schärfste konvexe Kante rund um den Zahnhals; Sicherheit {confidence} ({sureness})</translation>
    </message>
    <message>
        <source>the edge of the prepared zone (0.2 mm or more removed since the pre-preparation scan)</source>
        <translation>der Rand der präparierten Zone (seit dem Scan vor der Präparation 0,2 mm oder mehr abgetragen)</translation>
    </message>
    <message>
        <source>The margin of tooth {tooth}: {how}; {length} long.</source>
        <translation>Präparationsgrenze von Zahn {tooth}: {how}; {length} lang.</translation>
    </message>
    <message>
        <source>The margin of a prepared tooth: {how}; {length} long.</source>
        <translation>Präparationsgrenze eines präparierten Zahns: {how}; {length} lang.</translation>
    </message>
    <message>
        <source>Teeth {teeth} need a scan of the {jaw}; the case has none.</source>
        <translation>Für die Arbeit an {teeth} wird ein Scan benötigt ({jaw}); der Fall hat keinen.</translation>
    </message>
    <message>
        <source>The work is for the {jaw}; the case has no scan of it.</source>
        <translation>Die Arbeit ist für den {jaw}; der Fall hat keinen Scan davon.</translation>
    </message>
    <message>
        <source>Fixed work on {teeth} needs a bite scan or the arches in occlusion; the case has neither.</source>
        <translation>Festsitzende Arbeit an {teeth} braucht ein Bissregistrat oder die Kiefer in Okklusion; der Fall hat keins von beiden.</translation>
    </message>
    <message>
        <source>The case has no scans.</source>
        <translation>Der Fall hat keine Scans.</translation>
    </message>
    <message>
        <source>The work on {teeth} needs the antagonist: the case has no scan of the {jaw}.</source>
        <translation>Die Arbeit an {teeth} braucht den Antagonisten: Der Fall hat keinen Scan vom {jaw}.</translation>
    </message>
    <message>
        <source>The work needs the antagonist: the case has no scan of the {jaw}.</source>
        <translation>Die Arbeit braucht den Antagonisten: Der Fall hat keinen Scan vom {jaw}.</translation>
    </message>
    <message numerus="yes">
        <source>The delivery date {date} passed %n day(s) ago.</source>
        <translation>
            <numerusform>Der Liefertermin {date} ist seit %n Tag überschritten.</numerusform>
            <numerusform>Der Liefertermin {date} ist seit %n Tagen überschritten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Possible duplicate of case {case}: the same patient ({name}, born {born}).</source>
        <translation>Mögliches Duplikat von Fall {case}: derselbe Patient ({name}, geb. {born}).</translation>
    </message>
    <message>
        <source>Possible duplicate of case {case}: the same {portal} case {external_id}.</source>
        <translation>Mögliches Duplikat von Fall {case}: derselbe {portal}-Fall {external_id}.</translation>
    </message>
    <message>
        <source>The case has no order form (prescription PDF).</source>
        <translation>Der Fall hat kein Auftragsformular (Verordnung als PDF).</translation>
    </message>
    <message>
        <source>The patient cannot be identified: no name, external id or reference number.</source>
        <translation>Der Patient ist nicht identifizierbar: kein Name, keine externe ID und keine Referenznummer.</translation>
    </message>
    <message>
        <source>No work is ordered (no worktypes).</source>
        <translation>Es ist keine Arbeit beauftragt (keine Arbeitsarten).</translation>
    </message>
    <message>
        <source>The clinic asks to be contacted about this case.</source>
        <translation>Die Praxis bittet um Rückruf zu diesem Fall.</translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <source>Unreadable scan</source>
        <translation>Scan nicht lesbar</translation>
    </message>
    <message>
        <source>Hole</source>
        <translation>Loch</translation>
    </message>
    <message>
        <source>Fragment</source>
        <translation>Fragment</translation>
    </message>
    <message>
        <source>Non-manifold edges</source>
        <translation>Nicht-mannigfaltige Kanten</translation>
    </message>
    <message>
        <source>Degenerate triangles</source>
        <translation>Entartete Dreiecke</translation>
    </message>
    <message>
        <source>Duplicate triangles</source>
        <translation>Doppelte Dreiecke</translation>
    </message>
    <message>
        <source>Bite-through</source>
        <translation>Durchbiss</translation>
    </message>
    <message>
        <source>Clearance</source>
        <translation>Okklusaler Abstand</translation>
    </message>
    <message>
        <source>Upper and lower swapped</source>
        <translation>Ober- und Unterkiefer vertauscht</translation>
    </message>
    <message>
        <source>Bite open on one side</source>
        <translation>Biss einseitig offen</translation>
    </message>
    <message>
        <source>Too little room for the material</source>
        <translation>Zu wenig Platz für das Material</translation>
    </message>
    <message>
        <source>Undercut</source>
        <translation>Unterschnitt</translation>
    </message>
    <message>
        <source>Abutments not parallel</source>
        <translation>Pfeilerdivergenz</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Präparationsgrenze</translation>
    </message>
    <message>
        <source>Jaw coverage</source>
        <translation>Kieferabdeckung</translation>
    </message>
    <message>
        <source>Missing antagonist</source>
        <translation>Antagonist fehlt</translation>
    </message>
    <message>
        <source>Order form</source>
        <translation>Auftragsformular</translation>
    </message>
    <message>
        <source>Patient</source>
        <translation>Patient</translation>
    </message>
    <message>
        <source>Delivery date</source>
        <translation>Liefertermin</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Arbeit</translation>
    </message>
    <message>
        <source>Contact required</source>
        <translation>Rückfrage erbeten</translation>
    </message>
    <message>
        <source>Possible duplicate</source>
        <translation>Mögliches Duplikat</translation>
    </message>
    <message>
        <source>FAIL</source>
        <comment>severity of a finding</comment>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>WARN</source>
        <comment>severity of a finding</comment>
        <translation>WARNUNG</translation>
    </message>
    <message>
        <source>INFO</source>
        <comment>severity of a finding</comment>
        <translation>HINWEIS</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>FAIL</source>
        <comment>verdict</comment>
        <translation>NICHT BESTANDEN</translation>
    </message>
    <message>
        <source>WARN</source>
        <comment>verdict</comment>
        <translation>WARNUNG</translation>
    </message>
    <message>
        <source>PASS</source>
        <comment>verdict</comment>
        <translation>BESTANDEN</translation>
    </message>
</context>
<context>
    <name>LabLink</name>
    <message>
        <source>Case {case}: the stale claim of {holder} was taken over.</source>
        <translation>Fall {case}: Die veraltete Reservierung von {holder} wurde übernommen.</translation>
    </message>
    <message>
        <source>Your decision on case {case}, made while the lab hub was away, was refused: {reason}.</source>
        <translation>Ihre Entscheidung zu Fall {case}, getroffen während der Labor-Hub nicht erreichbar war, wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Your claim of case {case}, made while the lab hub was away, was refused: {reason}.</source>
        <translation>Ihre Reservierung von Fall {case}, vorgenommen während der Labor-Hub nicht erreichbar war, wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Your note on case {case}, made while the lab hub was away, was refused: {reason}.</source>
        <translation>Ihre Notiz zu Fall {case}, geschrieben während der Labor-Hub nicht erreichbar war, wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Your release of case {case}, made while the lab hub was away, was refused: {reason}.</source>
        <translation>Ihre Freigabe von Fall {case}, vorgenommen während der Labor-Hub nicht erreichbar war, wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Your change to case {case}, made while the lab hub was away, was refused: {reason}.</source>
        <translation>Ihre Änderung an Fall {case}, vorgenommen während der Labor-Hub nicht erreichbar war, wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Nothing waits to be sent.</source>
        <translation>Nichts wartet auf das Senden.</translation>
    </message>
    <message>
        <source>1 event waits on this computer and will be sent by `scaninbox sync` or the window when the hub is back.</source>
        <translation>1 Ereignis wartet auf diesem Computer und wird von `scaninbox sync` oder dem Fenster gesendet, sobald der Hub wieder erreichbar ist.</translation>
    </message>
    <message numerus="yes">
        <source>%n events wait on this computer and will be sent by `scaninbox sync` or the window when the hub is back.</source>
        <translation>
            <numerusform>%n Ereignis wartet auf diesem Computer und wird von `scaninbox sync` oder dem Fenster gesendet, sobald der Hub wieder erreichbar ist.</numerusform>
            <numerusform>%n Ereignisse warten auf diesem Computer und werden von `scaninbox sync` oder dem Fenster gesendet, sobald der Hub wieder erreichbar ist.</numerusform>
        </translation>
    </message>
    <message>
        <source>This computer has not signed in to the service yet, so it does not know your laboratory: sign in once (`scaninbox login` or the window).</source>
        <translation>Dieser Computer war noch nicht beim Dienst angemeldet und kennt Ihr Labor daher nicht: Bitte einmal anmelden (`scaninbox login` oder im Fenster).</translation>
    </message>
    <message>
        <source>The service names no organisation for this account; the hub needs one.</source>
        <translation>Der Dienst nennt für dieses Konto keine Organisation; der Hub braucht eine.</translation>
    </message>
    <message>
        <source>The decision was sent to the lab hub.</source>
        <translation>Die Entscheidung wurde an den Labor-Hub gesendet.</translation>
    </message>
</context>
<context>
    <name>Materials</name>
    <message>
        <source>monolithic zirconia</source>
        <translation>Zirkon monolithisch</translation>
    </message>
    <message>
        <source>layered zirconia</source>
        <translation>Zirkon verblendet</translation>
    </message>
    <message>
        <source>monolithic lithium disilicate</source>
        <translation>Lithiumdisilikat monolithisch</translation>
    </message>
    <message>
        <source>layered lithium disilicate</source>
        <translation>Lithiumdisilikat verblendet</translation>
    </message>
    <message>
        <source>porcelain fused to metal</source>
        <translation>Metallkeramik (VMK)</translation>
    </message>
    <message>
        <source>cast metal</source>
        <translation>Metall (gegossen)</translation>
    </message>
    <message>
        <source>PMMA (provisional)</source>
        <translation>PMMA (Provisorium)</translation>
    </message>
</context>
<context>
    <name>OrientationMarker</name>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>Vorn</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Hinten</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Oben</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Unten</translation>
    </message>
    <message>
        <source>Seen from the right</source>
        <translation>Ansicht von rechts</translation>
    </message>
    <message>
        <source>Seen from the left</source>
        <translation>Ansicht von links</translation>
    </message>
    <message>
        <source>Seen from the front</source>
        <translation>Ansicht von vorn</translation>
    </message>
    <message>
        <source>Seen from the back</source>
        <translation>Ansicht von hinten</translation>
    </message>
    <message>
        <source>Seen from above</source>
        <translation>Ansicht von oben</translation>
    </message>
    <message>
        <source>Seen from below</source>
        <translation>Ansicht von unten</translation>
    </message>
</context>
<context>
    <name>PictureFile</name>
    <message>
        <source>The picture cannot be written to {path}: {reason}.</source>
        <translation>Das Bild kann nicht nach {path} geschrieben werden: {reason}.</translation>
    </message>
</context>
<context>
    <name>QcReport</name>
    <message>
        <source>Scan Inbox QC report</source>
        <translation>Scan Inbox Prüfbericht</translation>
    </message>
    <message>
        <source>page {number}</source>
        <translation>Seite {number}</translation>
    </message>
    <message>
        <source>Scan QC report</source>
        <translation>Prüfbericht Scans</translation>
    </message>
    <message>
        <source>Scan QC report — scan files</source>
        <translation>Prüfbericht Scans — Scandateien</translation>
    </message>
    <message>
        <source>{counts}. Positions are in each scan file&apos;s own coordinates (mm).</source>
        <translation>{counts}. Positionen in den eigenen Koordinaten jeder Scandatei (mm).</translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n Hinweis</numerusform>
            <numerusform>%n Hinweise</numerusform>
        </translation>
    </message>
    <message>
        <source>Case</source>
        <translation>Fall</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Patient</source>
        <translation>Patient</translation>
    </message>
    <message>
        <source>Date of birth</source>
        <translation>Geburtsdatum</translation>
    </message>
    <message>
        <source>Dentist</source>
        <translation>Zahnarzt</translation>
    </message>
    <message>
        <source>Clinic</source>
        <translation>Praxis</translation>
    </message>
    <message>
        <source>Portal / external id</source>
        <translation>Portal / externe ID</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Eingang</translation>
    </message>
    <message>
        <source>Delivery date</source>
        <translation>Liefertermin</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Arbeit</translation>
    </message>
    <message>
        <source>Teeth</source>
        <translation>Zähne</translation>
    </message>
    <message>
        <source>Scans</source>
        <translation>Scans</translation>
    </message>
    <message>
        <source>QC decision</source>
        <translation>Prüfentscheidung</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>By</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Checklist</source>
        <translation>Prüfliste</translation>
    </message>
    <message>
        <source>Jaw</source>
        <translation>Kiefer</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Triangles</source>
        <translation>Dreiecke</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Extent (mm)</source>
        <translation>Ausdehnung (mm)</translation>
    </message>
    <message>
        <source>Edge (mm)</source>
        <translation>Kante (mm)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>Ready to accept</source>
        <comment>a QC decision</comment>
        <translation>Annahmebereit</translation>
    </message>
    <message>
        <source>Rescan needed</source>
        <comment>a QC decision</comment>
        <translation>Neuer Scan nötig</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>case</source>
        <comment>findings of the case, not of one file</comment>
        <translation>Fall</translation>
    </message>
    <message>
        <source>Nothing found.</source>
        <translation>Keine Befunde.</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more, each smaller than those above.</source>
        <translation>
            <numerusform>… und %n weiterer, kleiner als die obigen.</numerusform>
            <numerusform>… und %n weitere, jeweils kleiner als die obigen.</numerusform>
        </translation>
    </message>
    <message>
        <source>at {point}</source>
        <comment>a position in mm</comment>
        <translation>bei {point}</translation>
    </message>
    <message>
        <source>Views (findings marked by number)</source>
        <translation>Ansichten (Befunde nummeriert markiert)</translation>
    </message>
    <message>
        <source>the portal&apos;s axis mapping</source>
        <translation>die Achsenzuordnung des Portals</translation>
    </message>
    <message>
        <source>the portal&apos;s axis mapping, turned as you turned it</source>
        <translation>die Achsenzuordnung des Portals, so gedreht, wie Sie es eingestellt haben</translation>
    </message>
    <message>
        <source>estimated from the scans, turned as you turned it</source>
        <translation>aus den Scans geschätzt, so gedreht, wie Sie es eingestellt haben</translation>
    </message>
    <message>
        <source>estimated from the scans (no usable axis mapping)</source>
        <translation>aus den Scans geschätzt (keine brauchbare Achsenzuordnung)</translation>
    </message>
    <message>
        <source>Orientation, as in the viewer: {how}. The patient&apos;s right is on the picture&apos;s left, as on the tooth chart.</source>
        <translation>Ausrichtung wie in der 3D-Ansicht: {how}. Die rechte Seite des Patienten ist links im Bild, wie im Zahnschema.</translation>
    </message>
    <message numerus="yes">
        <source>{jaw} — {file}: %n finding(s)</source>
        <translation>
            <numerusform>{jaw} — {file}: %n Befund</numerusform>
            <numerusform>{jaw} — {file}: %n Befunde</numerusform>
        </translation>
    </message>
    <message>
        <source>Upper against lower — {file}</source>
        <translation>Oberkiefer gegen Unterkiefer — {file}</translation>
    </message>
    <message>
        <source>Lower against upper — {file}</source>
        <translation>Unterkiefer gegen Oberkiefer — {file}</translation>
    </message>
    <message>
        <source>Occlusal clearance (distance to the antagonist, mm)</source>
        <translation>Okklusaler Abstand (zum Antagonisten, mm)</translation>
    </message>
</context>
<context>
    <name>RescanPack</name>
    <message>
        <source>The dental laboratory</source>
        <translation>Das Dentallabor</translation>
    </message>
    <message>
        <source>The scan has a gap about {across} across at the margin of tooth {tooth} (marked): the scanner saw nothing there.</source>
        <translation>Der Scan hat an der Präparationsgrenze von Zahn {tooth} eine Lücke von etwa {across} Durchmesser (markiert): Dort hat der Scanner nichts erfasst.</translation>
    </message>
    <message>
        <source>Rescan that area of the jaw, dry and unobstructed (retract the gingiva so the margin is seen all round).</source>
        <translation>Bitte diesen Bereich trocken und frei zugänglich neu scannen (Gingiva verdrängen, damit die Präparationsgrenze rundum sichtbar ist).</translation>
    </message>
    <message>
        <source>The scan has a gap about {across} across (marked): the scanner saw nothing there.</source>
        <translation>Der Scan hat eine Lücke von etwa {across} Durchmesser (markiert): Dort hat der Scanner nichts erfasst.</translation>
    </message>
    <message>
        <source>Rescan that area of the jaw, dry and unobstructed.</source>
        <translation>Bitte diesen Bereich trocken und frei zugänglich neu scannen.</translation>
    </message>
    <message>
        <source>The scan of the opposing (upper) jaw is missing: the work cannot be made to the bite without it.</source>
        <translation>Der Scan des Gegenkiefers (Oberkiefer) fehlt: Ohne ihn kann die Arbeit nicht passend zum Biss gefertigt werden.</translation>
    </message>
    <message>
        <source>Scan the upper jaw and the bite.</source>
        <translation>Bitte den Oberkiefer und den Biss scannen.</translation>
    </message>
    <message>
        <source>The scan of the opposing (lower) jaw is missing: the work cannot be made to the bite without it.</source>
        <translation>Der Scan des Gegenkiefers (Unterkiefer) fehlt: Ohne ihn kann die Arbeit nicht passend zum Biss gefertigt werden.</translation>
    </message>
    <message>
        <source>Scan the lower jaw and the bite.</source>
        <translation>Bitte den Unterkiefer und den Biss scannen.</translation>
    </message>
    <message>
        <source>The scan of the opposing jaw is missing: the work cannot be made to the bite without it.</source>
        <translation>Der Scan des Gegenkiefers fehlt: Ohne ihn kann die Arbeit nicht passend zum Biss gefertigt werden.</translation>
    </message>
    <message>
        <source>Scan the opposing jaw and the bite.</source>
        <translation>Bitte den Gegenkiefer und den Biss scannen.</translation>
    </message>
    <message>
        <source>Tooth {tooth} has {room} of room to the opposing teeth; {material} needs {needed}.</source>
        <translation>Zahn {tooth} hat {room} Platz zum Gegenkiefer; {material} braucht {needed}.</translation>
    </message>
    <message>
        <source>Reduce tooth {tooth} further where marked, then rescan the prepared jaw and the bite.</source>
        <translation>Bitte Zahn {tooth} an der markierten Stelle weiter reduzieren, dann den präparierten Kiefer und den Biss neu scannen.</translation>
    </message>
    <message>
        <source>A scan file cannot be opened.</source>
        <translation>Eine Scandatei lässt sich nicht öffnen.</translation>
    </message>
    <message>
        <source>Export the scan again from the scanner software and send it.</source>
        <translation>Bitte den Scan erneut aus der Scannersoftware exportieren und senden.</translation>
    </message>
    <message>
        <source>A loose piece of scan floats beside the arch (marked).</source>
        <translation>Ein loses Scanstück liegt neben dem Zahnbogen (markiert).</translation>
    </message>
    <message>
        <source>Rescan the jaw; remove stray scan data before sending.</source>
        <translation>Bitte den Kiefer neu scannen und lose Scandaten vor dem Senden entfernen.</translation>
    </message>
    <message>
        <source>In the bite the upper and lower teeth overlap by {depth} (marked): the bite was not registered right.</source>
        <translation>Im Biss überschneiden sich obere und untere Zähne um {depth} (markiert): Der Biss wurde nicht richtig registriert.</translation>
    </message>
    <message>
        <source>Take the bite scan again with the patient biting fully and evenly closed.</source>
        <translation>Bitte das Bissregistrat erneut nehmen, der Patient beißt dabei vollständig und gleichmäßig zu.</translation>
    </message>
    <message>
        <source>The upper and lower scans do not meet: the arches are {gap} apart at the nearest.</source>
        <translation>Ober- und Unterkieferscan treffen sich nicht: Die Kiefer sind an der engsten Stelle {gap} voneinander entfernt.</translation>
    </message>
    <message>
        <source>Take a bite scan with the patient biting closed.</source>
        <translation>Bitte ein Bissregistrat bei geschlossenem Biss nehmen.</translation>
    </message>
    <message>
        <source>Scan and send what is missing.</source>
        <translation>Bitte das Fehlende scannen und senden.</translation>
    </message>
    <message>
        <source>The upper and lower scans seem to be filed under each other&apos;s jaw.</source>
        <translation>Ober- und Unterkieferscan scheinen vertauscht abgelegt zu sein.</translation>
    </message>
    <message>
        <source>Check the jaw of each scan and send them again under the right jaw (no rescan is needed when only the labels were swapped).</source>
        <translation>Bitte die Kieferzuordnung jedes Scans prüfen und die Scans richtig zugeordnet erneut senden (ein neuer Scan ist nicht nötig, wenn nur die Bezeichnungen vertauscht waren).</translation>
    </message>
    <message>
        <source>The bite is open on the patient&apos;s {side}: the back teeth there stay {gap} apart while the other side touches.</source>
        <translation>Der Biss ist auf der {side} Seite des Patienten offen: Die Seitenzähne bleiben dort {gap} auseinander, während die andere Seite Kontakt hat.</translation>
    </message>
    <message>
        <source>Take the bite scan again with the patient biting evenly on both sides.</source>
        <translation>Bitte das Bissregistrat erneut nehmen, der Patient beißt dabei beidseitig gleichmäßig zu.</translation>
    </message>
    <message>
        <source>Tooth {tooth} has an undercut {depth} deep (marked): a crown would not seat.</source>
        <translation>Zahn {tooth} hat einen Unterschnitt von {depth} Tiefe (markiert): Eine Krone würde nicht aufsitzen.</translation>
    </message>
    <message>
        <source>Adjust the preparation of tooth {tooth} and rescan the jaw.</source>
        <translation>Bitte die Präparation von Zahn {tooth} korrigieren und den Kiefer neu scannen.</translation>
    </message>
    <message>
        <source>The bridge&apos;s abutments {teeth} lean {angle}° apart: no single path seats the bridge.</source>
        <translation>Die Brückenpfeiler {teeth} divergieren um {angle}°: Keine gemeinsame Einschubrichtung setzt die Brücke ein.</translation>
    </message>
    <message>
        <source>Adjust the preparations to a common path of insertion and rescan the jaw.</source>
        <translation>Bitte die Präparationen auf eine gemeinsame Einschubrichtung korrigieren und den Kiefer neu scannen.</translation>
    </message>
    <message>
        <source>Rescan request · case {case}</source>
        <translation>Anforderung Neuscan · Fall {case}</translation>
    </message>
    <message>
        <source>Nothing to rescan: the scans can be used.</source>
        <translation>Kein neuer Scan nötig: Die Scans sind verwendbar.</translation>
    </message>
    <message>
        <source>Rescan request</source>
        <translation>Anforderung Neuscan</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>Fall</translation>
    </message>
    <message>
        <source>Patient</source>
        <translation>Patient</translation>
    </message>
    <message>
        <source>For</source>
        <comment>the dentist the request is for</comment>
        <translation>An</translation>
    </message>
    <message>
        <source>From</source>
        <comment>the lab sending the request</comment>
        <translation>Von</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>We checked the scans of this case before starting the work. To make it well we need the following. Questions: please contact us as above. In the pictures the patient&apos;s right is on the left, as on a tooth chart.</source>
        <translation>Wir haben die Scans dieses Falls vor Arbeitsbeginn geprüft. Für ein gutes Ergebnis benötigen wir Folgendes. Bei Fragen erreichen Sie uns wie oben angegeben. In den Bildern ist die rechte Seite des Patienten links, wie im Zahnschema.</translation>
    </message>
    <message>
        <source>What to do: {todo}</source>
        <translation>Was zu tun ist: {todo}</translation>
    </message>
</context>
<context>
    <name>Targets</name>
    <message>
        <source>Enter the address of the inbox service.</source>
        <translation>Bitte die Adresse des Inbox-Dienstes eingeben.</translation>
    </message>
    <message>
        <source>Which inbox service? Use --base-url URL (or SCANINBOX_BASE_URL), --env NAME, or --demo for the built-in demo.</source>
        <translation>Welcher Inbox-Dienst? --base-url URL (oder SCANINBOX_BASE_URL), --env NAME oder --demo für die eingebaute Demo angeben.</translation>
    </message>
    <message>
        <source>The {label} environment has no address yet: set environments.{name}.base_url in {file} or {variable}.</source>
        <translation>Die Umgebung {label} hat noch keine Adresse: environments.{name}.base_url in {file} oder {variable} setzen.</translation>
    </message>
    <message>
        <source>Not configured yet: set environments.{name}.base_url in {file}, or the environment variable {variable}.</source>
        <translation>Noch nicht eingerichtet: environments.{name}.base_url in {file} oder die Umgebungsvariable {variable} setzen.</translation>
    </message>
    <message>
        <source>Custom URL</source>
        <translation>Eigene Adresse</translation>
    </message>
    <message>
        <source>Any inbox service address (https://…)</source>
        <translation>Beliebige Adresse eines Inbox-Dienstes (https://…)</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>The built-in demo service with made-up cases, started on this computer</source>
        <translation>Der eingebaute Demo-Dienst mit erfundenen Fällen, auf diesem Computer gestartet</translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Angenommen</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>In production</source>
        <translation>In Produktion</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>Komplett</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Storniert</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>Festsitzend</translation>
    </message>
    <message>
        <source>Removable</source>
        <translation>Herausnehmbar</translation>
    </message>
    <message>
        <source>Appliance</source>
        <translation>Schiene / Apparatur</translation>
    </message>
    <message>
        <source>Orthodontics</source>
        <translation>Kieferorthopädie</translation>
    </message>
    <message>
        <source>Crown</source>
        <translation>Krone</translation>
    </message>
    <message>
        <source>Bridge</source>
        <translation>Brücke</translation>
    </message>
    <message>
        <source>Inlay</source>
        <translation>Inlay</translation>
    </message>
    <message>
        <source>Onlay</source>
        <translation>Onlay</translation>
    </message>
    <message>
        <source>Veneer</source>
        <translation>Veneer</translation>
    </message>
    <message>
        <source>Partial crown</source>
        <translation>Teilkrone</translation>
    </message>
    <message>
        <source>Pontic</source>
        <translation>Brückenglied</translation>
    </message>
    <message>
        <source>Implant</source>
        <translation>Implantat</translation>
    </message>
    <message>
        <source>Abutment</source>
        <translation>Abutment</translation>
    </message>
    <message>
        <source>Implant abutment</source>
        <translation>Implantat-Abutment</translation>
    </message>
    <message>
        <source>Implant crown</source>
        <translation>Implantatkrone</translation>
    </message>
    <message>
        <source>Implant system</source>
        <translation>Implantatsystem</translation>
    </message>
    <message>
        <source>Screw retained</source>
        <translation>verschraubt</translation>
    </message>
    <message>
        <source>Cemented</source>
        <translation>zementiert</translation>
    </message>
    <message>
        <source>Ti base</source>
        <translation>Titanbasis</translation>
    </message>
    <message>
        <source>Scan body</source>
        <translation>Scanbody</translation>
    </message>
    <message>
        <source>Stock titanium</source>
        <translation>Konfektioniertes Titan</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Splint</source>
        <translation>Schiene</translation>
    </message>
    <message>
        <source>Night guard</source>
        <translation>Aufbissschiene</translation>
    </message>
    <message>
        <source>Sports guard</source>
        <translation>Sportmundschutz</translation>
    </message>
    <message>
        <source>Retainer</source>
        <translation>Retainer</translation>
    </message>
    <message>
        <source>Full denture</source>
        <translation>Totalprothese</translation>
    </message>
    <message>
        <source>Partial denture</source>
        <translation>Teilprothese</translation>
    </message>
    <message>
        <source>Denture tooth</source>
        <translation>Prothesenzahn</translation>
    </message>
    <message>
        <source>Cast framework</source>
        <translation>Modellguss</translation>
    </message>
    <message>
        <source>Aligners</source>
        <translation>Aligner</translation>
    </message>
    <message>
        <source>Retention</source>
        <translation>Retention</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Attachments</translation>
    </message>
    <message>
        <source>Stages</source>
        <translation>Behandlungsschritte</translation>
    </message>
    <message>
        <source>Wire</source>
        <translation>Draht</translation>
    </message>
    <message>
        <source>Bonded</source>
        <translation>geklebt</translation>
    </message>
    <message>
        <source>Essix</source>
        <translation>Essix</translation>
    </message>
    <message>
        <source>Zirconia</source>
        <translation>Zirkon</translation>
    </message>
    <message>
        <source>Lithium disilicate</source>
        <translation>Lithiumdisilikat</translation>
    </message>
    <message>
        <source>Porcelain fused to metal</source>
        <translation>Metallkeramik (VMK)</translation>
    </message>
    <message>
        <source>Non precious metal</source>
        <translation>NEM</translation>
    </message>
    <message>
        <source>Precious metal</source>
        <translation>Edelmetall</translation>
    </message>
    <message>
        <source>Gold</source>
        <translation>Gold</translation>
    </message>
    <message>
        <source>Cobalt chrome</source>
        <translation>Kobalt-Chrom</translation>
    </message>
    <message>
        <source>Titanium</source>
        <translation>Titan</translation>
    </message>
    <message>
        <source>Steel</source>
        <translation>Stahl</translation>
    </message>
    <message>
        <source>Feldspathic</source>
        <translation>Feldspatkeramik</translation>
    </message>
    <message>
        <source>Composite</source>
        <translation>Komposit</translation>
    </message>
    <message>
        <source>Acrylic</source>
        <translation>Kunststoff (Acryl)</translation>
    </message>
    <message>
        <source>Nylon</source>
        <translation>Nylon</translation>
    </message>
    <message>
        <source>Polycarbonate</source>
        <translation>Polycarbonat</translation>
    </message>
    <message>
        <source>Polyurethane</source>
        <translation>Polyurethan</translation>
    </message>
    <message>
        <source>Monolithic</source>
        <translation>monolithisch</translation>
    </message>
    <message>
        <source>Layered</source>
        <translation>verblendet</translation>
    </message>
    <message>
        <source>Flexible</source>
        <translation>flexibel</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>hart</translation>
    </message>
    <message>
        <source>Dual</source>
        <translation>dual</translation>
    </message>
    <message>
        <source>Printed</source>
        <translation>gedruckt</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>heißpolymerisiert</translation>
    </message>
    <message>
        <source>Thickness</source>
        <translation>Stärke</translation>
    </message>
    <message>
        <source>Upper</source>
        <translation>Oben</translation>
    </message>
    <message>
        <source>Lower</source>
        <translation>Unten</translation>
    </message>
    <message>
        <source>Both</source>
        <translation>Beide</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>Vollständig</translation>
    </message>
    <message>
        <source>Partial</source>
        <translation>Teilweise</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Individuell</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
    </message>
    <message>
        <source>Preparation scan</source>
        <translation>Präparationsscan</translation>
    </message>
    <message>
        <source>Pre preparation scan</source>
        <translation>Situationsscan (vor Präparation)</translation>
    </message>
    <message>
        <source>Bite scan</source>
        <translation>Bissregistrat</translation>
    </message>
    <message>
        <source>Abutment scan</source>
        <translation>Abutment-Scan</translation>
    </message>
    <message>
        <source>Denture scan</source>
        <translation>Prothesenscan</translation>
    </message>
    <message>
        <source>Upper jaw</source>
        <translation>Oberkiefer</translation>
    </message>
    <message>
        <source>Lower jaw</source>
        <translation>Unterkiefer</translation>
    </message>
    <message>
        <source>Bite</source>
        <translation>Biss</translation>
    </message>
    <message>
        <source>Other</source>
        <comment>a scan of no jaw</comment>
        <translation>Sonstige</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>local time</source>
        <translation>Ortszeit</translation>
    </message>
    <message>
        <source>{date}, {time} ({zone})</source>
        <translation>{date}, {time} ({zone})</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>today {time}</source>
        <translation>heute {time}</translation>
    </message>
    <message>
        <source>{day} {time}</source>
        <translation>{day} {time}</translation>
    </message>
    <message>
        <source>{minutes} min ago</source>
        <translation>vor {minutes} Min.</translation>
    </message>
    <message>
        <source>{hours} h ago</source>
        <translation>vor {hours} Std.</translation>
    </message>
    <message>
        <source>yesterday {time}</source>
        <translation>gestern {time}</translation>
    </message>
    <message>
        <source>{weekday} {time}</source>
        <translation>{weekday} {time}</translation>
    </message>
    <message>
        <source>today</source>
        <translation>heute</translation>
    </message>
    <message>
        <source>tomorrow</source>
        <translation>morgen</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) overdue</source>
        <translation>
            <numerusform>%n Tag überfällig</numerusform>
            <numerusform>%n Tage überfällig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n day(s)</source>
        <translation>
            <numerusform>in %n Tag</numerusform>
            <numerusform>in %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>{date} ({age} y)</source>
        <comment>date of birth, age in years</comment>
        <translation>{date} ({age} J.)</translation>
    </message>
    <message>
        <source>Male</source>
        <translation>männlich</translation>
    </message>
    <message>
        <source>Female</source>
        <translation>weiblich</translation>
    </message>
</context>
<context>
    <name>Worktypes</name>
    <message>
        <source>Unspecified work</source>
        <translation>Arbeit ohne Angabe</translation>
    </message>
</context>
</TS>
