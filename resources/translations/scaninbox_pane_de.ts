<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AttachmentTile</name>
    <message>
        <source>Open {file}</source>
        <translation>{file} öffnen</translation>
    </message>
    <message>
        <source>Open</source>
        <comment>verb: open the file</comment>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>FILE</source>
        <comment>a card for a file of unknown type</comment>
        <translation>DATEI</translation>
    </message>
    <message>
        <source>{format} image</source>
        <translation>{format}-Bild</translation>
    </message>
    <message>
        <source>{format} file</source>
        <translation>{format}-Datei</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
</context>
<context>
    <name>AttachmentsView</name>
    <message>
        <source>Save all files to folder…</source>
        <translation>Alle Dateien in Ordner speichern…</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Anhänge</translation>
    </message>
    <message>
        <source>No attachments were sent with this case.</source>
        <translation>Mit diesem Fall wurden keine Anhänge gesendet.</translation>
    </message>
    <message>
        <source>Attachments ({count})</source>
        <translation>Anhänge ({count})</translation>
    </message>
    <message>
        <source>{kind} · on this computer</source>
        <translation>{kind} · auf diesem Computer</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>Gespeichert: {path}</translation>
    </message>
    <message>
        <source>Save all files of this case to</source>
        <translation>Alle Dateien dieses Falls speichern in</translation>
    </message>
    <message>
        <source>Getting {number} of {count}: {file}</source>
        <translation>Wird geladen: {number} von {count} ({file})</translation>
    </message>
    <message numerus="yes">
        <source>Saving %n file(s)…</source>
        <translation>
            <numerusform>%n Datei wird gespeichert…</numerusform>
            <numerusform>%n Dateien werden gespeichert…</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was saved. {reason}</source>
        <translation>Nichts wurde gespeichert. {reason}</translation>
    </message>
    <message>
        <source>Saving all files stopped: another case was opened.</source>
        <translation>Speichern aller Dateien abgebrochen: Ein anderer Fall wurde geöffnet.</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n file(s) to {folder}</source>
        <translation>
            <numerusform>%n Datei gespeichert in {folder}</numerusform>
            <numerusform>%n Dateien gespeichert in {folder}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CaseFiles</name>
    <message>
        <source>{file} could not be stored on this computer.</source>
        <translation>{file} konnte nicht auf diesem Computer abgelegt werden.</translation>
    </message>
    <message>
        <source>{file} could not be saved on this computer: {reason}.</source>
        <translation>{file} konnte nicht auf diesem Computer gespeichert werden: {reason}.</translation>
    </message>
    <message>
        <source>{file} could not be downloaded.</source>
        <translation>{file} konnte nicht heruntergeladen werden.</translation>
    </message>
    <message>
        <source>{file} is not available offline.</source>
        <translation>{file} ist nicht offline verfügbar.</translation>
    </message>
    <message>
        <source>The image is damaged or in a format this computer cannot show.</source>
        <translation>Das Bild ist beschädigt oder in einem Format, das dieser Computer nicht anzeigen kann.</translation>
    </message>
    <message>
        <source>Not available offline</source>
        <translation>Nicht offline verfügbar</translation>
    </message>
</context>
<context>
    <name>CaseHeader</name>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Remake</source>
        <translation>Neuanfertigung</translation>
    </message>
    <message>
        <source>Additional info</source>
        <translation>Zusatzinfo</translation>
    </message>
    <message>
        <source>Contact required</source>
        <translation>Rückfrage nötig</translation>
    </message>
    <message>
        <source>Patient name</source>
        <translation>Patientenname</translation>
    </message>
    <message>
        <source>No patient details</source>
        <translation>Keine Patientenangaben</translation>
    </message>
    <message>
        <source>Patient details</source>
        <translation>Patientenangaben</translation>
    </message>
    <message>
        <source>Keep available offline</source>
        <translation>Offline verfügbar halten</translation>
    </message>
    <message>
        <source>Download every file of this case and keep it on this computer</source>
        <translation>Alle Dateien dieses Falls herunterladen und auf diesem Computer behalten</translation>
    </message>
    <message>
        <source>Offline availability</source>
        <translation>Offline-Verfügbarkeit</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>Unvollständig</translation>
    </message>
    <message>
        <source>Info requested</source>
        <translation>Info angefordert</translation>
    </message>
    <message>
        <source>Case ID</source>
        <translation>Fall-ID</translation>
    </message>
    <message>
        <source>Sent to</source>
        <translation>Gesendet an</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Eingang</translation>
    </message>
    <message>
        <source>Delivery</source>
        <translation>Liefertermin</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>External ID</source>
        <translation>Externe ID</translation>
    </message>
    <message>
        <source>Unnamed patient</source>
        <translation>Patient ohne Namen</translation>
    </message>
    <message>
        <source>The portal sent no patient name</source>
        <translation>Das Portal hat keinen Patientennamen gesendet</translation>
    </message>
    <message>
        <source>Status: {status}</source>
        <translation>Status: {status}</translation>
    </message>
    <message>
        <source>✓ Available offline</source>
        <translation>✓ Offline verfügbar</translation>
    </message>
    <message>
        <source>✓ All files on this computer</source>
        <translation>✓ Alle Dateien auf diesem Computer</translation>
    </message>
    <message>
        <source>Not all files downloaded yet</source>
        <translation>Noch nicht alle Dateien heruntergeladen</translation>
    </message>
    <message>
        <source>Files download when opened</source>
        <translation>Dateien werden beim Öffnen geladen</translation>
    </message>
    <message>
        <source>Every file of this case is on this computer</source>
        <translation>Alle Dateien dieses Falls sind auf diesem Computer</translation>
    </message>
    <message>
        <source>Some files of this case need a connection to open</source>
        <translation>Einige Dateien dieses Falls brauchen zum Öffnen eine Verbindung</translation>
    </message>
    <message>
        <source>born {date}</source>
        <translation>geb. {date}</translation>
    </message>
    <message>
        <source>Ref. {reference}</source>
        <translation>Ref. {reference}</translation>
    </message>
    <message>
        <source>Patient ID {identifier}</source>
        <translation>Patienten-ID {identifier}</translation>
    </message>
    <message>
        <source>Info received</source>
        <translation>Info erhalten</translation>
    </message>
    <message>
        <source>Due {when}</source>
        <translation>Fällig: {when}</translation>
    </message>
    <message>
        <source>Delivery {when}</source>
        <translation>Lieferung: {when}</translation>
    </message>
</context>
<context>
    <name>CaseLoader</name>
    <message>
        <source>Downloading the preview… {percent}%</source>
        <translation>Vorschau wird geladen… {percent} %</translation>
    </message>
    <message>
        <source>Downloading… {percent}%</source>
        <translation>Wird geladen… {percent} %</translation>
    </message>
    <message>
        <source>Downloading the preview… {size} MB</source>
        <translation>Vorschau wird geladen… {size} MB</translation>
    </message>
    <message>
        <source>Downloading… {size} MB</source>
        <translation>Wird geladen… {size} MB</translation>
    </message>
    <message>
        <source>it could not be shown ({error}; details in the log)</source>
        <translation>er konnte nicht angezeigt werden ({error}; Einzelheiten im Protokoll)</translation>
    </message>
    <message>
        <source>the preview picture cannot be read</source>
        <translation>das Vorschaubild kann nicht gelesen werden</translation>
    </message>
</context>
<context>
    <name>CasePane</name>
    <message>
        <source>Case details</source>
        <translation>Falldetails</translation>
    </message>
    <message>
        <source>The 3D view of the scans appears here.</source>
        <translation>Hier erscheint die 3D-Ansicht der Scans.</translation>
    </message>
    <message>
        <source>Case sections</source>
        <translation>Bereiche des Falls</translation>
    </message>
    <message>
        <source>3D scans</source>
        <translation>3D-Scans</translation>
    </message>
    <message>
        <source>Prescription</source>
        <translation>Verordnung</translation>
    </message>
    <message>
        <source>Order form</source>
        <translation>Auftragsformular</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Anhänge</translation>
    </message>
    <message>
        <source>QC</source>
        <translation>QC</translation>
    </message>
    <message>
        <source>Select a case to see its details.</source>
        <translation>Wählen Sie einen Fall, um seine Details zu sehen.</translation>
    </message>
    <message>
        <source>Attachments ({count})</source>
        <translation>Anhänge ({count})</translation>
    </message>
    <message>
        <source>No order form</source>
        <translation>Kein Auftragsformular</translation>
    </message>
    <message>
        <source>No files</source>
        <translation>Keine Dateien</translation>
    </message>
</context>
<context>
    <name>CustomerSection</name>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefon</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>Clinic</source>
        <translation>Praxis</translation>
    </message>
    <message>
        <source>Clinic name</source>
        <translation>Name der Praxis</translation>
    </message>
    <message>
        <source>Clinic address</source>
        <translation>Adresse der Praxis</translation>
    </message>
    <message>
        <source>Clinic phone</source>
        <translation>Telefon der Praxis</translation>
    </message>
    <message>
        <source>Clinic e-mail</source>
        <translation>E-Mail der Praxis</translation>
    </message>
    <message>
        <source>Dentist</source>
        <translation>Zahnarzt</translation>
    </message>
    <message>
        <source>Dentist name</source>
        <translation>Name des Zahnarztes</translation>
    </message>
    <message>
        <source>Dentist address</source>
        <translation>Adresse des Zahnarztes</translation>
    </message>
    <message>
        <source>Dentist phone</source>
        <translation>Telefon des Zahnarztes</translation>
    </message>
    <message>
        <source>Dentist e-mail</source>
        <translation>E-Mail des Zahnarztes</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>Kunde</translation>
    </message>
</context>
<context>
    <name>DistanceMaps</name>
    <message>
        <source>Select a case with scans to see a distance map.</source>
        <translation>Wählen Sie einen Fall mit Scans, um eine Abstandskarte zu sehen.</translation>
    </message>
    <message>
        <source>Colours</source>
        <translation>Farben</translation>
    </message>
    <message>
        <source>Map on/off</source>
        <translation>Karte ein/aus</translation>
    </message>
    <message>
        <source>No distance map</source>
        <translation>Keine Abstandskarte</translation>
    </message>
    <message>
        <source>The scans in their own colours</source>
        <translation>Die Scans in ihren eigenen Farben</translation>
    </message>
    <message>
        <source>Distance map: {reason}</source>
        <translation>Abstandskarte: {reason}</translation>
    </message>
    <message>
        <source>Distance map: {reason} These scans carry no colours of the scanner either.</source>
        <translation>Abstandskarte: {reason} Diese Scans haben auch keine Farben des Scanners.</translation>
    </message>
    <message>
        <source>Colours of the surface: the scanner&apos;s own (V), or a distance map (C) — clearance to the antagonist in mm with bite-through in magenta, how much was removed since the scan before the preparation, or the prepared teeth&apos;s undercuts</source>
        <translation>Farben der Oberfläche: die des Scanners (V) oder eine Abstandskarte (C) — Abstand zum Antagonisten in mm mit Durchbiss in Magenta, der Abtrag seit dem Scan vor der Präparation oder die Unterschnitte der präparierten Zähne</translation>
    </message>
    <message>
        <source>Waiting for the scans to load…</source>
        <translation>Warten, bis die Scans geladen sind…</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>Wird gemessen…</translation>
    </message>
    <message>
        <source>Measuring… {percent}%</source>
        <translation>Wird gemessen… {percent} %</translation>
    </message>
    <message>
        <source>The map could not be measured (details in the log).</source>
        <translation>Die Karte konnte nicht berechnet werden (Einzelheiten im Protokoll).</translation>
    </message>
    <message>
        <source>Colour the upper jaw by its distance to the lower jaw&apos;s surface, in {band} mm bands; bite-through in magenta</source>
        <translation>Oberkiefer nach seinem Abstand zur Oberfläche des Unterkiefers einfärben, in Stufen zu {band} mm; Durchbiss in Magenta</translation>
    </message>
    <message>
        <source>Colour the lower jaw by its distance to the upper jaw&apos;s surface, in {band} mm bands; bite-through in magenta</source>
        <translation>Unterkiefer nach seinem Abstand zur Oberfläche des Oberkiefers einfärben, in Stufen zu {band} mm; Durchbiss in Magenta</translation>
    </message>
    <message>
        <source>Colour the walls of the prepared teeth by how deep they lie in undercut on each tooth&apos;s best path of insertion, in {band} mm bands (the undercut check&apos;s measure)</source>
        <translation>Wände der präparierten Zähne nach der Tiefe ihres Unterschnitts bei der besten Einschubrichtung jedes Zahns einfärben, in Stufen zu {band} mm (das Maß der Unterschnittprüfung)</translation>
    </message>
    <message>
        <source>Colour the preparation scan by how much was removed since the scan before the preparation, in {band} mm bands</source>
        <translation>Präparationsscan nach dem Abtrag seit dem Scan vor der Präparation einfärben, in Stufen zu {band} mm</translation>
    </message>
    <message>
        <source>The prepared teeth could not be found on this scan.</source>
        <translation>Die präparierten Zähne wurden auf diesem Scan nicht gefunden.</translation>
    </message>
    <message>
        <source>No undercut (under {least} mm) on the best paths of insertion.</source>
        <translation>Kein Unterschnitt (unter {least} mm) bei den besten Einschubrichtungen.</translation>
    </message>
    <message>
        <source>Deepest undercut {depth} on the best path of insertion.</source>
        <translation>Tiefster Unterschnitt {depth} bei der besten Einschubrichtung.</translation>
    </message>
    <message>
        <source>Nothing removed (under {least} mm).</source>
        <translation>Kein Abtrag (unter {least} mm).</translation>
    </message>
    <message>
        <source>Up to {depth} removed.</source>
        <translation>Bis zu {depth} abgetragen.</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>Nothing was saved to {folder}: {reason}.</source>
        <translation>Nichts wurde in {folder} gespeichert: {reason}.</translation>
    </message>
    <message>
        <source>The folder {folder} does not exist.</source>
        <translation>Der Ordner {folder} existiert nicht.</translation>
    </message>
    <message>
        <source>{file} was not saved: {reason}.</source>
        <translation>{file} wurde nicht gespeichert: {reason}.</translation>
    </message>
    <message>
        <source>{file} could not be opened: {reason}.</source>
        <translation>{file} konnte nicht geöffnet werden: {reason}.</translation>
    </message>
    <message>
        <source>No application on this computer opens {file}.</source>
        <translation>Kein Programm auf diesem Computer kann {file} öffnen.</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <source>Save as</source>
        <translation>Speichern unter</translation>
    </message>
</context>
<context>
    <name>FileStatusBar</name>
    <message>
        <source>Download progress</source>
        <translation>Download-Fortschritt</translation>
    </message>
    <message>
        <source>File status</source>
        <translation>Dateistatus</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Retry download</source>
        <translation>Download erneut versuchen</translation>
    </message>
    <message>
        <source>Retry once the connection is back.</source>
        <translation>Erneut versuchen, sobald die Verbindung wieder besteht.</translation>
    </message>
    <message>
        <source>Downloading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>{received} of {total}</source>
        <translation>{received} von {total}</translation>
    </message>
</context>
<context>
    <name>FindingsList</name>
    <message>
        <source>whole case</source>
        <translation>ganzer Fall</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s)</source>
        <translation>
            <numerusform>%n Befund</numerusform>
            <numerusform>%n Befunde</numerusform>
        </translation>
    </message>
    <message>
        <source>QC findings</source>
        <translation>QC-Befunde</translation>
    </message>
    <message>
        <source>The whole case</source>
        <translation>Der ganze Fall</translation>
    </message>
    <message numerus="yes">
        <source>{kind}: %n finding(s)</source>
        <translation>
            <numerusform>{kind}: %n Befund</numerusform>
            <numerusform>{kind}: %n Befunde</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImageViewer</name>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>Zoom</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Fit</source>
        <comment>button: fit the image to the window</comment>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit to window</source>
        <translation>An Fenster anpassen</translation>
    </message>
    <message>
        <source>Actual size</source>
        <translation>Originalgröße</translation>
    </message>
    <message>
        <source>Rotate left</source>
        <translation>Nach links drehen</translation>
    </message>
    <message>
        <source>Rotate right</source>
        <translation>Nach rechts drehen</translation>
    </message>
    <message>
        <source>Previous image</source>
        <translation>Vorheriges Bild</translation>
    </message>
    <message>
        <source>Next image</source>
        <translation>Nächstes Bild</translation>
    </message>
    <message>
        <source>Previous image (← or Page Up)</source>
        <translation>Vorheriges Bild (← oder Bild ↑)</translation>
    </message>
    <message>
        <source>Next image (→ or Page Down)</source>
        <translation>Nächstes Bild (→ oder Bild ↓)</translation>
    </message>
    <message>
        <source>Brightness</source>
        <translation>Helligkeit</translation>
    </message>
    <message>
        <source>Contrast</source>
        <translation>Kontrast</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Original brightness and contrast</source>
        <translation>Ursprüngliche Helligkeit und ursprünglicher Kontrast</translation>
    </message>
    <message>
        <source>{width} × {height} px</source>
        <translation>{width} × {height} Pixel</translation>
    </message>
    <message>
        <source>{number} of {count}</source>
        <translation>{number} von {count}</translation>
    </message>
    <message>
        <source>Zoom: {zoom}</source>
        <translation>Zoom: {zoom}</translation>
    </message>
</context>
<context>
    <name>MapChoices</name>
    <message>
        <source>{map}: on each tooth&apos;s best path of insertion</source>
        <translation>{map}: bei der besten Einschubrichtung jedes Zahns</translation>
    </message>
    <message>
        <source>{map}: since the scan before the preparation</source>
        <translation>{map}: seit dem Scan vor der Präparation</translation>
    </message>
    <message>
        <source>This case has no preparation scan of the upper jaw.</source>
        <translation>Dieser Fall hat keinen Präparationsscan des Oberkiefers.</translation>
    </message>
    <message>
        <source>This case has no preparation scan of the lower jaw.</source>
        <translation>Dieser Fall hat keinen Präparationsscan des Unterkiefers.</translation>
    </message>
    <message>
        <source>Reduction, upper jaw</source>
        <translation>Abtrag, Oberkiefer</translation>
    </message>
    <message>
        <source>Reduction, lower jaw</source>
        <translation>Abtrag, Unterkiefer</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>Abtrag</translation>
    </message>
    <message>
        <source>This case has no scan taken before the preparation: the reduction map needs it and the preparation scan of the same jaw.</source>
        <translation>Dieser Fall hat keinen Scan vor der Präparation: Die Abtragskarte braucht ihn und den Präparationsscan desselben Kiefers.</translation>
    </message>
    <message>
        <source>Undercut, upper jaw ({teeth})</source>
        <translation>Unterschnitt, Oberkiefer ({teeth})</translation>
    </message>
    <message>
        <source>Undercut, lower jaw ({teeth})</source>
        <translation>Unterschnitt, Unterkiefer ({teeth})</translation>
    </message>
    <message>
        <source>Undercut</source>
        <translation>Unterschnitt</translation>
    </message>
    <message>
        <source>This case prescribes no prepared tooth (crown, bridge, inlay…): the undercut map needs one and the scan of its jaw.</source>
        <translation>Dieser Fall verordnet keinen präparierten Zahn (Krone, Brücke, Inlay…): Die Unterschnittkarte braucht einen und den Scan seines Kiefers.</translation>
    </message>
    <message>
        <source>This case has no scan of the upper jaw, where tooth {teeth} is prepared.</source>
        <translation>Dieser Fall hat keinen Scan des Oberkiefers, in dem Zahn {teeth} präpariert ist.</translation>
    </message>
    <message>
        <source>This case has no scan of the lower jaw, where tooth {teeth} is prepared.</source>
        <translation>Dieser Fall hat keinen Scan des Unterkiefers, in dem Zahn {teeth} präpariert ist.</translation>
    </message>
    <message>
        <source>This case has no scan of the upper jaw, where teeth {teeth} are prepared.</source>
        <translation>Dieser Fall hat keinen Scan des Oberkiefers, in dem die Zähne {teeth} präpariert sind.</translation>
    </message>
    <message>
        <source>This case has no scan of the lower jaw, where teeth {teeth} are prepared.</source>
        <translation>Dieser Fall hat keinen Scan des Unterkiefers, in dem die Zähne {teeth} präpariert sind.</translation>
    </message>
    <message>
        <source>This case has no upper jaw scan.</source>
        <translation>Dieser Fall hat keinen Oberkieferscan.</translation>
    </message>
    <message>
        <source>This case has no lower jaw scan.</source>
        <translation>Dieser Fall hat keinen Unterkieferscan.</translation>
    </message>
    <message>
        <source>This case has neither an upper nor a lower jaw scan.</source>
        <translation>Dieser Fall hat weder einen Oberkiefer- noch einen Unterkieferscan.</translation>
    </message>
    <message>
        <source>This case has no lower jaw scan: there is no antagonist to measure against.</source>
        <translation>Dieser Fall hat keinen Unterkieferscan: Es gibt keinen Antagonisten, gegen den gemessen werden kann.</translation>
    </message>
    <message>
        <source>This case has no upper jaw scan: there is no antagonist to measure against.</source>
        <translation>Dieser Fall hat keinen Oberkieferscan: Es gibt keinen Antagonisten, gegen den gemessen werden kann.</translation>
    </message>
    <message>
        <source>Upper against lower</source>
        <translation>Oberkiefer zum Unterkiefer</translation>
    </message>
    <message>
        <source>Lower against upper</source>
        <translation>Unterkiefer zum Oberkiefer</translation>
    </message>
</context>
<context>
    <name>MapLegend</name>
    <message>
        <source>Start of the colour range (mm)</source>
        <translation>Anfang des Farbbereichs (mm)</translation>
    </message>
    <message>
        <source>End of the colour range (mm)</source>
        <translation>Ende des Farbbereichs (mm)</translation>
    </message>
</context>
<context>
    <name>OrderFormView</name>
    <message>
        <source>The order form is damaged or is not a PDF file.</source>
        <translation>Das Auftragsformular ist beschädigt oder keine PDF-Datei.</translation>
    </message>
    <message>
        <source>Order form</source>
        <translation>Auftragsformular</translation>
    </message>
    <message>
        <source>Order form text</source>
        <translation>Text des Auftragsformulars</translation>
    </message>
    <message>
        <source>Opening the order form…</source>
        <translation>Auftragsformular wird geöffnet…</translation>
    </message>
    <message>
        <source>No order form was sent with this case.</source>
        <translation>Mit diesem Fall wurde kein Auftragsformular gesendet.</translation>
    </message>
    <message>
        <source>Opening {file}…</source>
        <translation>{file} wird geöffnet…</translation>
    </message>
    <message>
        <source>The order form could not be opened.</source>
        <translation>Das Auftragsformular konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>Order form saved to {path}</source>
        <translation>Auftragsformular gespeichert: {path}</translation>
    </message>
</context>
<context>
    <name>OtherFilesList</name>
    <message>
        <source>Scans and order form</source>
        <translation>Scans und Auftragsformular</translation>
    </message>
    <message>
        <source>“Save all files” saves these with the attachments.</source>
        <translation>„Alle Dateien speichern“ speichert diese mit den Anhängen.</translation>
    </message>
    <message>
        <source>Order form (PDF)</source>
        <translation>Auftragsformular (PDF)</translation>
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
        <comment>a bite registration scan</comment>
        <translation>Bissregistrat</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Scan</translation>
    </message>
    <message>
        <source>Preview</source>
        <comment>a small preview of a scan</comment>
        <translation>Vorschau</translation>
    </message>
</context>
<context>
    <name>PdfToolbar</name>
    <message>
        <source>Previous page</source>
        <translation>Vorherige Seite</translation>
    </message>
    <message>
        <source>Page number</source>
        <translation>Seitenzahl</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Nächste Seite</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+−)</source>
        <translation>Verkleinern (Strg+−)</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl++)</source>
        <translation>Vergrößern (Strg++)</translation>
    </message>
    <message>
        <source>Fit width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Fit the page width</source>
        <translation>An Seitenbreite anpassen</translation>
    </message>
    <message>
        <source>Fit page</source>
        <translation>Ganze Seite</translation>
    </message>
    <message>
        <source>Show whole pages</source>
        <translation>Ganze Seiten zeigen</translation>
    </message>
    <message>
        <source>Open externally</source>
        <translation>Extern öffnen</translation>
    </message>
    <message>
        <source>Open the file in this computer&apos;s PDF application</source>
        <translation>Die Datei im PDF-Programm dieses Computers öffnen</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Save a copy of the order form</source>
        <translation>Eine Kopie des Auftragsformulars speichern</translation>
    </message>
    <message>
        <source>of {count}</source>
        <comment>page 3 of 5</comment>
        <translation>von {count}</translation>
    </message>
    <message>
        <source>Zoom: {zoom}</source>
        <translation>Zoom: {zoom}</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>Zoom</translation>
    </message>
</context>
<context>
    <name>PdfWindow</name>
    <message>
        <source>PDF document</source>
        <translation>PDF-Dokument</translation>
    </message>
    <message>
        <source>{file} is damaged or is not a PDF file.</source>
        <translation>{file} ist beschädigt oder keine PDF-Datei.</translation>
    </message>
</context>
<context>
    <name>PlannedScan</name>
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
        <translation>Bissregistrat</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Scan</translation>
    </message>
    <message>
        <source>{scan} (before preparation)</source>
        <translation>{scan} (vor Präparation)</translation>
    </message>
    <message>
        <source>{scan} (preview)</source>
        <translation>{scan} (Vorschau)</translation>
    </message>
</context>
<context>
    <name>PrescriptionView</name>
    <message>
        <source>This case has no order data yet</source>
        <translation>Dieser Fall hat noch keine Auftragsdaten</translation>
    </message>
    <message>
        <source>The portal sent no customer, work or remark for this case.</source>
        <translation>Das Portal hat für diesen Fall weder Kunde noch Arbeit oder Bemerkung gesendet.</translation>
    </message>
    <message>
        <source>Prescription</source>
        <translation>Verordnung</translation>
    </message>
    <message>
        <source>The portal has not sent the prescription for this case. Customer, work and files appear here once it does.</source>
        <translation>Das Portal hat die Verordnung für diesen Fall noch nicht gesendet. Kunde, Arbeit und Dateien erscheinen hier, sobald sie da ist.</translation>
    </message>
    <message>
        <source>Remark</source>
        <translation>Bemerkung</translation>
    </message>
</context>
<context>
    <name>QcChecklist</name>
    <message>
        <source>Check</source>
        <comment>a QC check</comment>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>QC checklist</source>
        <translation>QC-Checkliste</translation>
    </message>
</context>
<context>
    <name>QcScorecard</name>
    <message>
        <source>Clinic</source>
        <translation>Praxis</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Geprüft</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Nicht bestanden</translation>
    </message>
    <message>
        <source>Rescans</source>
        <translation>Neuscans</translation>
    </message>
    <message>
        <source>Most frequent findings</source>
        <translation>Häufigste Befunde</translation>
    </message>
    <message>
        <source>QC scorecard</source>
        <translation>QC-Auswertung</translation>
    </message>
    <message>
        <source>By clinic</source>
        <translation>Nach Praxis</translation>
    </message>
    <message>
        <source>By portal</source>
        <translation>Nach Portal</translation>
    </message>
    <message>
        <source>Group the scorecard by</source>
        <translation>Auswertung gruppieren nach</translation>
    </message>
    <message>
        <source>Reading the checked cases…</source>
        <translation>Geprüfte Fälle werden gelesen…</translation>
    </message>
    <message>
        <source>Portal</source>
        <translation>Portal</translation>
    </message>
    <message>
        <source>{finding} {percent}%</source>
        <translation>{finding} {percent} %</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) checked on this computer.</source>
        <translation>
            <numerusform>%n Fall auf diesem Computer geprüft.</numerusform>
            <numerusform>%n Fälle auf diesem Computer geprüft.</numerusform>
        </translation>
    </message>
    <message>
        <source>No case has been checked on this computer yet.</source>
        <translation>Auf diesem Computer wurde noch kein Fall geprüft.</translation>
    </message>
</context>
<context>
    <name>QcTab</name>
    <message>
        <source>Pass</source>
        <translation>Bestanden</translation>
    </message>
    <message>
        <source>Check</source>
        <comment>verdict: a reviewer should look</comment>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Fail</source>
        <translation>Nicht bestanden</translation>
    </message>
    <message>
        <source>{date} {time}</source>
        <comment>a date and a time of day</comment>
        <translation>{date}, {time} Uhr</translation>
    </message>
    <message>
        <source>Note for the decision (optional)</source>
        <translation>Notiz (optional)</translation>
    </message>
    <message>
        <source>Ready to accept</source>
        <translation>Annahmebereit</translation>
    </message>
    <message>
        <source>Rescan needed</source>
        <translation>Neuer Scan nötig</translation>
    </message>
    <message>
        <source>Rescan pack…</source>
        <translation>Neuscan anfordern…</translation>
    </message>
    <message>
        <source>Write a rescan request for the dentist: each problem in plain words with a picture, what to rescan, the case and the lab&apos;s contact</source>
        <translation>Eine Neuscan-Anforderung für den Zahnarzt schreiben: jedes Problem in klaren Worten mit Bild, was neu zu scannen ist, der Fall und der Kontakt des Labors</translation>
    </message>
    <message>
        <source>Scorecard…</source>
        <translation>Auswertung…</translation>
    </message>
    <message>
        <source>Per clinic or portal and month: cases checked, failed, rescans and the findings</source>
        <translation>Je Praxis oder Portal und Monat: geprüfte und nicht bestandene Fälle, Neuscans und die Befunde</translation>
    </message>
    <message>
        <source>Export QC report…</source>
        <translation>Prüfbericht exportieren…</translation>
    </message>
    <message>
        <source>Re-run QC</source>
        <translation>Erneut prüfen</translation>
    </message>
    <message>
        <source>Check the scans as they are now on this computer</source>
        <translation>Die Scans so prüfen, wie sie jetzt auf diesem Computer sind</translation>
    </message>
    <message>
        <source>Checklist</source>
        <translation>Checkliste</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>The QC result is of older scans: re-run QC before accepting</source>
        <translation>Das QC-Ergebnis stammt von älteren Scans: Vor der Annahme erneut prüfen</translation>
    </message>
    <message>
        <source>The scans changed since the last check: checking them again…</source>
        <translation>Die Scans haben sich seit der letzten Prüfung geändert: Sie werden erneut geprüft…</translation>
    </message>
    <message>
        <source>Checked on older scans — re-run. Last check {when}; the scans changed since.</source>
        <translation>An älteren Scans geprüft — erneut prüfen. Letzte Prüfung {when}; die Scans haben sich seitdem geändert.</translation>
    </message>
    <message>
        <source>Checked {when}.</source>
        <translation>Geprüft am {when}.</translation>
    </message>
    <message>
        <source>Checking the scans…</source>
        <translation>Die Scans werden geprüft…</translation>
    </message>
    <message>
        <source>The scans could not be checked: {reason}.</source>
        <translation>Die Scans konnten nicht geprüft werden: {reason}.</translation>
    </message>
    <message>
        <source>The QC report needs the case&apos;s scans on this computer: open the QC tab first.</source>
        <translation>Der Prüfbericht braucht die Scans des Falls auf diesem Computer: Öffnen Sie zuerst den Reiter QC.</translation>
    </message>
    <message>
        <source>QC {case}.pdf</source>
        <comment>a file name</comment>
        <translation>Prüfbericht {case}.pdf</translation>
    </message>
    <message>
        <source>The scorecard needs an open account.</source>
        <translation>Die Auswertung braucht ein geöffnetes Konto.</translation>
    </message>
    <message>
        <source>The rescan pack needs the case&apos;s scans on this computer: open the QC tab first.</source>
        <translation>Die Neuscan-Anforderung braucht die Scans des Falls auf diesem Computer: Öffnen Sie zuerst den Reiter QC.</translation>
    </message>
    <message>
        <source>Rescan request {case}.pdf</source>
        <comment>a file name</comment>
        <translation>Neuscan-Anforderung {case}.pdf</translation>
    </message>
    <message>
        <source>Downloading scan {number} of {count} for QC…</source>
        <translation>Scan {number} von {count} wird für die Prüfung geladen…</translation>
    </message>
    <message>
        <source>QC needs every scan of the case ({file} is missing). {reason}</source>
        <translation>Die Prüfung braucht jeden Scan des Falls ({file} fehlt). {reason}</translation>
    </message>
    <message>
        <source>a scan</source>
        <translation>ein Scan</translation>
    </message>
    <message>
        <source>The scans could not be read: {reason}.</source>
        <translation>Die Scans konnten nicht gelesen werden: {reason}.</translation>
    </message>
    <message>
        <source>Scans unchanged since the last check; the case data were checked again.</source>
        <translation>Scans seit der letzten Prüfung unverändert; die Falldaten wurden erneut geprüft.</translation>
    </message>
    <message>
        <source>Writing the rescan pack {file}…</source>
        <translation>Neuscan-Anforderung {file} wird geschrieben…</translation>
    </message>
    <message>
        <source>Writing the QC report {file}…</source>
        <translation>Prüfbericht {file} wird geschrieben…</translation>
    </message>
    <message>
        <source>The rescan pack could not be written: {reason}.</source>
        <translation>Die Neuscan-Anforderung konnte nicht geschrieben werden: {reason}.</translation>
    </message>
    <message>
        <source>The QC report could not be written: {reason}.</source>
        <translation>Der Prüfbericht konnte nicht geschrieben werden: {reason}.</translation>
    </message>
    <message>
        <source>Rescan pack saved: {path}</source>
        <translation>Neuscan-Anforderung gespeichert: {path}</translation>
    </message>
    <message>
        <source>QC report saved: {path}</source>
        <translation>Prüfbericht gespeichert: {path}</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>Not checked</source>
        <translation>Nicht geprüft</translation>
    </message>
    <message>
        <source>outdated</source>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>QC verdict: {verdict}, checked on older scans — re-run</source>
        <translation>QC-Ergebnis: {verdict}, an älteren Scans geprüft — erneut prüfen</translation>
    </message>
    <message>
        <source>This result was made on other scans than those on this computer now.</source>
        <translation>Dieses Ergebnis stammt von anderen Scans als denen, die jetzt auf diesem Computer sind.</translation>
    </message>
    <message>
        <source>QC verdict: {verdict}</source>
        <translation>QC-Ergebnis: {verdict}</translation>
    </message>
    <message>
        <source>Not checked yet.</source>
        <translation>Noch nicht geprüft.</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>entfällt</translation>
    </message>
    <message>
        <source>No decision recorded.</source>
        <translation>Keine Entscheidung festgehalten.</translation>
    </message>
    <message>
        <source>{decision} — “{note}” ({who}, {when})</source>
        <translation>{decision} — „{note}“ ({who}, {when})</translation>
    </message>
    <message>
        <source>{decision} ({who}, {when})</source>
        <translation>{decision} ({who}, {when})</translation>
    </message>
</context>
<context>
    <name>ScanList</name>
    <message>
        <source>Scans</source>
        <translation>Scans</translation>
    </message>
    <message>
        <source>Scans ({count})</source>
        <translation>Scans ({count})</translation>
    </message>
    <message>
        <source>Show the list of scans</source>
        <translation>Liste der Scans zeigen</translation>
    </message>
    <message>
        <source>Fold away the list of scans</source>
        <translation>Liste der Scans einklappen</translation>
    </message>
    <message>
        <source>{what} (S)</source>
        <translation>{what} (S)</translation>
    </message>
</context>
<context>
    <name>ScanRow</name>
    <message>
        <source>Show {scan}</source>
        <translation>{scan} zeigen</translation>
    </message>
    <message>
        <source>Opacity of {scan}</source>
        <translation>Deckkraft: {scan}</translation>
    </message>
    <message>
        <source>Opacity: {percent} %</source>
        <translation>Deckkraft: {percent} %</translation>
    </message>
    <message>
        <source>Hide {scan}</source>
        <translation>{scan} ausblenden</translation>
    </message>
    <message>
        <source>Show {scan}</source>
        <comment>tooltip of the eye button</comment>
        <translation>{scan} einblenden</translation>
    </message>
</context>
<context>
    <name>ScanSink</name>
    <message>
        <source>Preview — the full scan is on its way</source>
        <translation>Vorschau — der vollständige Scan wird geladen</translation>
    </message>
    <message>
        <source>Smoothing the surface…</source>
        <translation>Oberfläche wird geglättet…</translation>
    </message>
    <message>
        <source>Preview picture — the 3D scan is on its way</source>
        <translation>Vorschaubild — der 3D-Scan wird geladen</translation>
    </message>
    <message>
        <source>Preview shown · {progress}</source>
        <translation>Vorschau sichtbar · {progress}</translation>
    </message>
    <message>
        <source>{problem} Showing the preview.</source>
        <translation>{problem} Die Vorschau wird gezeigt.</translation>
    </message>
    <message>
        <source>{count} triangles (preview)</source>
        <translation>{count} Dreiecke (Vorschau)</translation>
    </message>
    <message>
        <source>{count} triangles</source>
        <translation>{count} Dreiecke</translation>
    </message>
    <message>
        <source>The scans of this case are not available offline.</source>
        <translation>Die Scans dieses Falls sind nicht offline verfügbar.</translation>
    </message>
    <message>
        <source>The scans of this case cannot be downloaded right now — the list says why.</source>
        <translation>Die Scans dieses Falls können gerade nicht geladen werden — die Liste sagt, warum.</translation>
    </message>
    <message>
        <source>None of the scans can be shown — the list says why.</source>
        <translation>Keiner der Scans kann angezeigt werden — die Liste sagt, warum.</translation>
    </message>
    <message>
        <source>Preview — the 3D scan is not available offline</source>
        <translation>Vorschau — der 3D-Scan ist nicht offline verfügbar</translation>
    </message>
    <message>
        <source>Preview — the 3D scan cannot be downloaded right now</source>
        <translation>Vorschau — der 3D-Scan kann gerade nicht geladen werden</translation>
    </message>
    <message>
        <source>Preview — the 3D scan could not be shown</source>
        <translation>Vorschau — der 3D-Scan konnte nicht angezeigt werden</translation>
    </message>
</context>
<context>
    <name>ScanViewport</name>
    <message>
        <source>3D scans</source>
        <translation>3D-Scans</translation>
    </message>
    <message>
        <source>Select a case to see its scans.</source>
        <translation>Wählen Sie einen Fall, um seine Scans zu sehen.</translation>
    </message>
    <message>
        <source>This case has no scans.</source>
        <translation>Dieser Fall hat keine Scans.</translation>
    </message>
    <message>
        <source>Loading the scans…</source>
        <translation>Die Scans werden geladen…</translation>
    </message>
    <message>
        <source>The picture could not be saved: {reason}.</source>
        <translation>Das Bild konnte nicht gespeichert werden: {reason}.</translation>
    </message>
    <message>
        <source>Picture saved to {path}</source>
        <translation>Bild gespeichert: {path}</translation>
    </message>
    <message>
        <source>this portal</source>
        <translation>dieses Portal</translation>
    </message>
    <message>
        <source>The turn could not be remembered for {portal}: {reason}.</source>
        <translation>Die Drehung konnte für {portal} nicht gespeichert werden: {reason}.</translation>
    </message>
    <message>
        <source>as the portal sends them</source>
        <translation>so, wie das Portal sie sendet</translation>
    </message>
    <message>
        <source>Scans of {portal} are shown {turn} from now on.</source>
        <translation>Scans von {portal} werden ab jetzt {turn} gezeigt.</translation>
    </message>
    <message>
        <source>Scans of {portal} are shown {turn} for this case.</source>
        <translation>Scans von {portal} werden für diesen Fall {turn} gezeigt.</translation>
    </message>
    <message>
        <source>Distance {number}: {length}</source>
        <translation>Abstand {number}: {length}</translation>
    </message>
</context>
<context>
    <name>ScenePictures</name>
    <message>
        <source>scans 3D.png</source>
        <comment>a file name</comment>
        <translation>Scans 3D.png</translation>
    </message>
    <message>
        <source>case {case}</source>
        <translation>Fall {case}</translation>
    </message>
</context>
<context>
    <name>SceneStage</name>
    <message>
        <source>Preview — the 3D scan is on its way</source>
        <translation>Vorschau — der 3D-Scan wird geladen</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Load the scans that could not be had again</source>
        <translation>Die Scans, die nicht geladen werden konnten, erneut laden</translation>
    </message>
</context>
<context>
    <name>ToothChart</name>
    <message>
        <source>Other</source>
        <translation>Sonstige</translation>
    </message>
    <message>
        <source>Tooth chart</source>
        <translation>Zahnschema</translation>
    </message>
    <message>
        <source>Teeth involved: {teeth}</source>
        <translation>Beteiligte Zähne: {teeth}</translation>
    </message>
    <message>
        <source>No teeth marked</source>
        <translation>Keine Zähne markiert</translation>
    </message>
    <message>
        <source>R</source>
        <comment>the patient&apos;s right side</comment>
        <translation>R</translation>
    </message>
    <message>
        <source>L</source>
        <comment>the patient&apos;s left side</comment>
        <translation>L</translation>
    </message>
    <message>
        <source>Patient&apos;s right side</source>
        <translation>Rechte Seite des Patienten</translation>
    </message>
    <message>
        <source>Patient&apos;s left side</source>
        <translation>Linke Seite des Patienten</translation>
    </message>
    <message>
        <source>no work</source>
        <translation>keine Arbeit</translation>
    </message>
    <message>
        <source>Tooth {tooth}: {work}</source>
        <translation>Zahn {tooth}: {work}</translation>
    </message>
    <message>
        <source>Category colours</source>
        <translation>Farben der Kategorien</translation>
    </message>
</context>
<context>
    <name>ValueLabel</name>
    <message>
        <source>Not provided</source>
        <translation>Nicht angegeben</translation>
    </message>
</context>
<context>
    <name>ViewerToolbar</name>
    <message>
        <source>Front view: from in front of the patient, superior up, the patient&apos;s right on your left</source>
        <translation>Frontalansicht: von vorn auf den Patienten, kranial oben, die rechte Seite des Patienten links von Ihnen</translation>
    </message>
    <message>
        <source>Left view: from the patient&apos;s left side, superior up</source>
        <translation>Ansicht von links: von der linken Seite des Patienten, kranial oben</translation>
    </message>
    <message>
        <source>Right view: from the patient&apos;s right side, superior up</source>
        <translation>Ansicht von rechts: von der rechten Seite des Patienten, kranial oben</translation>
    </message>
    <message>
        <source>Upper view: looking up at the upper teeth (lower jaw hidden), incisors at the top, the patient&apos;s right on your left</source>
        <translation>Oberkiefer-Aufsicht: von unten auf die Zähne des Oberkiefers (Unterkiefer ausgeblendet), Schneidezähne oben, die rechte Seite des Patienten links von Ihnen</translation>
    </message>
    <message>
        <source>Lower view: looking down at the lower teeth (upper jaw hidden), incisors at the bottom, the patient&apos;s right on your left</source>
        <translation>Unterkiefer-Aufsicht: von oben auf die Zähne des Unterkiefers (Oberkiefer ausgeblendet), Schneidezähne unten, die rechte Seite des Patienten links von Ihnen</translation>
    </message>
    <message>
        <source>Front</source>
        <comment>view from in front of the patient</comment>
        <translation>Vorn</translation>
    </message>
    <message>
        <source>Left</source>
        <comment>view from the patient&apos;s left side</comment>
        <translation>Links</translation>
    </message>
    <message>
        <source>Right</source>
        <comment>view from the patient&apos;s right side</comment>
        <translation>Rechts</translation>
    </message>
    <message>
        <source>Upper</source>
        <comment>view of the upper jaw&apos;s teeth</comment>
        <translation>OK</translation>
    </message>
    <message>
        <source>Lower</source>
        <comment>view of the lower jaw&apos;s teeth</comment>
        <translation>UK</translation>
    </message>
    <message>
        <source>Fit</source>
        <comment>fit the scans into the view</comment>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the scans into the view</source>
        <translation>Die Scans in die Ansicht einpassen</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Messen</translation>
    </message>
    <message>
        <source>Measure distances: click two points on a scan for each; Backspace takes the last away, Esc clears them all</source>
        <translation>Abstände messen: für jeden zwei Punkte auf einem Scan anklicken; die Rücktaste nimmt den letzten weg, Esc löscht alle</translation>
    </message>
    <message>
        <source>Clear measurements</source>
        <translation>Messungen löschen</translation>
    </message>
    <message>
        <source>Clear the measurements</source>
        <translation>Die Messungen löschen</translation>
    </message>
    <message>
        <source>Undo measurement</source>
        <translation>Messung zurücknehmen</translation>
    </message>
    <message>
        <source>Take the last point or measurement away</source>
        <translation>Den letzten Punkt oder die letzte Messung zurücknehmen</translation>
    </message>
    <message>
        <source>Scanner colours</source>
        <translation>Scannerfarben</translation>
    </message>
    <message>
        <source>Scanner colours: show the colours the scanner recorded instead of the jaw colours</source>
        <translation>Scannerfarben: die vom Scanner aufgenommenen Farben statt der Kieferfarben zeigen</translation>
    </message>
    <message>
        <source>Save picture…</source>
        <translation>Bild speichern…</translation>
    </message>
    <message>
        <source>Save the 3D view as a PNG picture</source>
        <translation>Die 3D-Ansicht als PNG-Bild speichern</translation>
    </message>
    <message>
        <source>Scan list</source>
        <translation>Scanliste</translation>
    </message>
    <message>
        <source>Fold away or show the list of scans</source>
        <translation>Die Liste der Scans einklappen oder zeigen</translation>
    </message>
    <message>
        <source>Flip upside down</source>
        <translation>Auf den Kopf stellen</translation>
    </message>
    <message>
        <source>Turn the scans upside down, for this case and every later case of its portal</source>
        <translation>Die Scans auf den Kopf stellen, für diesen Fall und jeden späteren Fall seines Portals</translation>
    </message>
    <message>
        <source>Turn back to front</source>
        <translation>Vorne und hinten tauschen</translation>
    </message>
    <message>
        <source>Turn the scans back to front (180°), for this case and every later case of its portal</source>
        <translation>Die Scans um 180° drehen (vorne nach hinten), für diesen Fall und jeden späteren Fall seines Portals</translation>
    </message>
    <message>
        <source>3D view</source>
        <translation>3D-Ansicht</translation>
    </message>
    <message>
        <source>Turn</source>
        <comment>turn the scans</comment>
        <translation>Drehen</translation>
    </message>
    <message>
        <source>Turn the scans upside down or back to front when the portal sends them wrongly oriented; remembered for the portal (never mirrored)</source>
        <translation>Die Scans auf den Kopf stellen oder vorne und hinten tauschen, wenn das Portal sie falsch ausgerichtet sendet; für das Portal gemerkt (nie gespiegelt)</translation>
    </message>
    <message>
        <source>{first} or {second}</source>
        <translation>{first} oder {second}</translation>
    </message>
    <message>
        <source>{what} ({keys})</source>
        <translation>{what} ({keys})</translation>
    </message>
</context>
<context>
    <name>WorkTicket</name>
    <message>
        <source>{date}, {time}</source>
        <translation>{date}, {time} Uhr</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>{date} ({when})</source>
        <translation>{date} ({when})</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Eingang</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
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
        <source>From</source>
        <comment>where the case came from</comment>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Teeth</source>
        <translation>Zähne</translation>
    </message>
    <message>
        <source>shade {shade}</source>
        <translation>Farbe {shade}</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Arbeit</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Remake</source>
        <translation>Neuanfertigung</translation>
    </message>
    <message>
        <source>Contact required</source>
        <translation>Rückfrage nötig</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>born {date}</source>
        <translation>geb. {date}</translation>
    </message>
    <message>
        <source>ref. {reference}</source>
        <translation>Ref. {reference}</translation>
    </message>
    <message>
        <source>Patient</source>
        <translation>Patient</translation>
    </message>
    <message>
        <source>The printer could not be started.</source>
        <translation>Der Drucker konnte nicht gestartet werden.</translation>
    </message>
    <message>
        <source>WORK TICKET</source>
        <translation>ARBEITSZETTEL</translation>
    </message>
    <message>
        <source>Unnamed patient</source>
        <translation>Patient ohne Namen</translation>
    </message>
    <message>
        <source>Case {reference}</source>
        <translation>Fall {reference}</translation>
    </message>
    <message>
        <source>Remark</source>
        <translation>Bemerkung</translation>
    </message>
    <message>
        <source>Printed {when} by Scan Inbox</source>
        <translation>Gedruckt am {when} mit Scan Inbox</translation>
    </message>
    <message>
        <source>{file} is damaged or is not a PDF file.</source>
        <translation>{file} ist beschädigt oder keine PDF-Datei.</translation>
    </message>
</context>
<context>
    <name>WorktypesSection</name>
    <message>
        <source>Work</source>
        <translation>Arbeit</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Befestigung</translation>
    </message>
    <message>
        <source>Shade</source>
        <translation>Farbe</translation>
    </message>
    <message>
        <source>Teeth</source>
        <translation>Zähne</translation>
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
        <source>Both jaws</source>
        <translation>Beide Kiefer</translation>
    </message>
    <message>
        <source>Worktypes</source>
        <translation>Arbeitsarten</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
</context>
</TS>
