<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AppController</name>
    <message>
        <source>The settings file was ignored: {problem}</source>
        <translation>Die Einstellungsdatei wurde nicht berücksichtigt: {problem}</translation>
    </message>
    <message>
        <source>The 3D viewer is off.</source>
        <translation>Die 3D-Ansicht ist ausgeschaltet.</translation>
    </message>
    <message>
        <source>Starting the demo service…</source>
        <translation>Der Demo-Dienst wird gestartet …</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>The last account could not be opened: {error}</source>
        <translation>Das zuletzt verwendete Konto konnte nicht geöffnet werden: {error}</translation>
    </message>
    <message>
        <source>Not signed in. Use Account › Sign in… to start.</source>
        <translation>Nicht angemeldet. Melden Sie sich über Konto › Anmelden … an.</translation>
    </message>
    <message>
        <source>The local data was removed ({size}).</source>
        <translation>Die lokalen Daten wurden entfernt ({size}).</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The new language applies the next time Scan Inbox starts.</source>
        <translation>Die neue Sprache gilt ab dem nächsten Start von Scan Inbox.</translation>
    </message>
    <message>
        <source>Restart now to use it at once: Scan Inbox closes and starts again.</source>
        <translation>Wählen Sie „Jetzt neu starten“, um sie sofort zu verwenden: Scan Inbox wird beendet und neu gestartet.</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>Jetzt neu starten</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Später</translation>
    </message>
</context>
<context>
    <name>BackgroundQc</name>
    <message>
        <source>its scans are not all on this computer</source>
        <translation>nicht alle Scans sind auf diesem Computer</translation>
    </message>
</context>
<context>
    <name>CaseKeys</name>
    <message>
        <source>Not available</source>
        <translation>Nicht verfügbar</translation>
    </message>
    <message>
        <source>{section}: {why} for this case.</source>
        <translation>{section}: {why} (für diesen Fall).</translation>
    </message>
    <message>
        <source>QC decisions need an open account</source>
        <translation>QC-Entscheidungen erfordern ein geöffnetes Konto</translation>
    </message>
    <message>
        <source>{decision}: not recorded. {why}.</source>
        <translation>{decision}: nicht gespeichert. {why}.</translation>
    </message>
    <message>
        <source>QC decision recorded for {patient}: {decision}.</source>
        <translation>QC-Entscheidung für {patient} gespeichert: {decision}.</translation>
    </message>
    <message>
        <source>QC decision recorded for this case: {decision}.</source>
        <translation>QC-Entscheidung für diesen Fall gespeichert: {decision}.</translation>
    </message>
    <message>
        <source>Select a case first.</source>
        <translation>Wählen Sie zuerst einen Fall aus.</translation>
    </message>
</context>
<context>
    <name>CasePresenter</name>
    <message>
        <source>Case {ref} is no longer listed by the service.</source>
        <translation>Der Fall {ref} wird vom Dienst nicht mehr geführt.</translation>
    </message>
    <message>
        <source>Keeping the cases due this week available offline…</source>
        <translation>Die Fälle mit Liefertermin in dieser Woche werden offline verfügbar gemacht …</translation>
    </message>
    <message>
        <source>The cases due this week are kept available offline; their files download when the server can be reached.</source>
        <translation>Die Fälle mit Liefertermin in dieser Woche bleiben offline verfügbar; ihre Dateien werden geladen, sobald der Server erreichbar ist.</translation>
    </message>
    <message>
        <source>The cases due this week could not be kept: {error}</source>
        <translation>Die Fälle mit Liefertermin in dieser Woche konnten nicht offline verfügbar gemacht werden: {error}</translation>
    </message>
    <message>
        <source>The case of {patient}</source>
        <translation>Der Fall von {patient}</translation>
    </message>
    <message>
        <source>Case {ref}</source>
        <translation>Fall {ref}</translation>
    </message>
    <message>
        <source>Kept available offline; its files download when the server can be reached.</source>
        <translation>Offline verfügbar; die Dateien werden geladen, sobald der Server erreichbar ist.</translation>
    </message>
    <message>
        <source>{name} could not be kept available offline: {error}</source>
        <translation>{name} konnte nicht offline verfügbar gemacht werden: {error}</translation>
    </message>
    <message numerus="yes">
        <source>{name} is kept available offline, but %n file(s) could not be downloaded.</source>
        <translation>
            <numerusform>{name} bleibt offline verfügbar, aber %n Datei konnte nicht geladen werden.</numerusform>
            <numerusform>{name} bleibt offline verfügbar, aber %n Dateien konnten nicht geladen werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>{name} is available offline.</source>
        <translation>{name} ist offline verfügbar.</translation>
    </message>
    <message>
        <source>{name} is no longer kept available offline.</source>
        <translation>{name} wird nicht mehr offline vorgehalten.</translation>
    </message>
    <message>
        <source>{first} – {last}</source>
        <translation>{first} – {last}</translation>
    </message>
    <message>
        <source>No case is due this week ({span}).</source>
        <translation>In dieser Woche ({span}) hat kein Fall Liefertermin.</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) due this week ({span}) kept available offline.</source>
        <translation>
            <numerusform>%n Fall mit Liefertermin in dieser Woche ({span}) ist offline verfügbar.</numerusform>
            <numerusform>%n Fälle mit Liefertermin in dieser Woche ({span}) sind offline verfügbar.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be downloaded.</source>
        <translation>
            <numerusform>%n Datei konnte nicht geladen werden.</numerusform>
            <numerusform>%n Dateien konnten nicht geladen werden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) due this week ({span}) available offline with every file.</source>
        <translation>
            <numerusform>%n Fall mit Liefertermin in dieser Woche ({span}) ist mit allen Dateien offline verfügbar.</numerusform>
            <numerusform>%n Fälle mit Liefertermin in dieser Woche ({span}) sind mit allen Dateien offline verfügbar.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CaseTableModel</name>
    <message>
        <source>The local inbox could not be read: {error}</source>
        <translation>Der lokale Posteingang konnte nicht gelesen werden: {error}</translation>
    </message>
</context>
<context>
    <name>Columns</name>
    <message>
        <source>Unread cases</source>
        <translation>Ungelesene Fälle</translation>
    </message>
    <message>
        <source>Priority cases</source>
        <translation>Fälle mit Priorität</translation>
    </message>
    <message>
        <source>Available offline: pinned (kept on this computer) or every file already downloaded</source>
        <translation>Offline verfügbar: angeheftet (auf diesem Computer vorgehalten) oder alle Dateien bereits geladen</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Eingang</translation>
    </message>
    <message>
        <source>When the case arrived</source>
        <translation>Wann der Fall eingegangen ist</translation>
    </message>
    <message>
        <source>Patient</source>
        <translation>Patient</translation>
    </message>
    <message>
        <source>Patient name</source>
        <translation>Name des Patienten</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Arbeit</translation>
    </message>
    <message>
        <source>What is ordered (worktypes and materials)</source>
        <translation>Was bestellt ist (Arbeitsarten und Materialien)</translation>
    </message>
    <message>
        <source>Delivery</source>
        <translation>Liefertermin</translation>
    </message>
    <message>
        <source>Requested delivery date</source>
        <translation>Gewünschter Liefertermin</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Case status</source>
        <translation>Status des Falls</translation>
    </message>
    <message>
        <source>Dentist</source>
        <translation>Zahnarzt</translation>
    </message>
    <message>
        <source>Ordering dentist</source>
        <translation>Auftraggebender Zahnarzt</translation>
    </message>
    <message>
        <source>Clinic</source>
        <translation>Praxis</translation>
    </message>
    <message>
        <source>Ordering clinic</source>
        <translation>Auftraggebende Praxis</translation>
    </message>
    <message>
        <source>Portal</source>
        <translation>Portal</translation>
    </message>
    <message>
        <source>Scanner portal the case came from</source>
        <translation>Scanner-Portal, aus dem der Fall kam</translation>
    </message>
    <message>
        <source>Teeth</source>
        <translation>Zähne</translation>
    </message>
    <message>
        <source>Teeth involved (FDI)</source>
        <translation>Betroffene Zähne (FDI)</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Scans, order form and attachments</source>
        <translation>Scans, Auftragsformular und Anhänge</translation>
    </message>
    <message>
        <source>QC</source>
        <translation>QC</translation>
    </message>
    <message>
        <source>Scan QC: pass, check or fail — or the local decision (ready to accept, rescan needed)</source>
        <translation>Scan-Prüfung: bestanden, prüfen oder nicht bestanden — oder die Entscheidung hier (annahmebereit, neuer Scan nötig)</translation>
    </message>
    <message>
        <source>Lab</source>
        <translation>Labor</translation>
    </message>
    <message>
        <source>The lab hub: the lab&apos;s QC decision and who holds the case</source>
        <translation>Labor-Hub: die QC-Entscheidung des Labors und wer den Fall bearbeitet</translation>
    </message>
</context>
<context>
    <name>ConnectionBanner</name>
    <message>
        <source>Connection status</source>
        <translation>Verbindungsstatus</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Sign in…</source>
        <translation>Anmelden …</translation>
    </message>
    <message>
        <source>Offline — showing cases {as_of}. Scan Inbox keeps trying to reconnect; files already on this computer still open.</source>
        <translation>Offline — angezeigt werden die Fälle {as_of}. Scan Inbox versucht weiter, die Verbindung herzustellen; Dateien auf diesem Computer lassen sich weiterhin öffnen.</translation>
    </message>
    <message>
        <source>Your session has ended — showing cases {as_of}. Sign in again to get new cases and files.</source>
        <translation>Ihre Sitzung ist abgelaufen — angezeigt werden die Fälle {as_of}. Melden Sie sich erneut an, um neue Fälle und Dateien zu erhalten.</translation>
    </message>
    <message>
        <source>Working offline — showing cases {as_of}. Sign in to get new cases and files.</source>
        <translation>Offline-Betrieb — angezeigt werden die Fälle {as_of}. Melden Sie sich an, um neue Fälle und Dateien zu erhalten.</translation>
    </message>
    <message>
        <source>Last synced {time}</source>
        <translation>Zuletzt synchronisiert: {time}</translation>
    </message>
</context>
<context>
    <name>Connectivity</name>
    <message>
        <source>Not available offline: nobody is signed in.</source>
        <translation>Nicht offline verfügbar: Niemand ist angemeldet.</translation>
    </message>
    <message>
        <source>Not available offline: the server cannot be reached right now.</source>
        <translation>Nicht offline verfügbar: Der Server ist gerade nicht erreichbar.</translation>
    </message>
    <message>
        <source>Not available offline: you are working offline. Sign in to download it.</source>
        <translation>Nicht offline verfügbar: Sie arbeiten offline. Melden Sie sich an, um die Datei zu laden.</translation>
    </message>
    <message>
        <source>Not available offline: sign in again to download it.</source>
        <translation>Nicht offline verfügbar: Melden Sie sich erneut an, um die Datei zu laden.</translation>
    </message>
</context>
<context>
    <name>FiltersBar</name>
    <message>
        <source>Search patient, dentist, clinic, ID, remark…  (Ctrl+F)</source>
        <translation>Patient, Zahnarzt, Praxis, ID, Bemerkung suchen …  (Strg+F)</translation>
    </message>
    <message>
        <source>Search cases</source>
        <translation>Fälle suchen</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Portal</source>
        <translation>Portal</translation>
    </message>
    <message>
        <source>Received date</source>
        <translation>Eingangsdatum</translation>
    </message>
    <message>
        <source>Show cases received in this period</source>
        <translation>Fälle zeigen, die in diesem Zeitraum eingegangen sind</translation>
    </message>
    <message>
        <source>Received from</source>
        <translation>Eingang ab</translation>
    </message>
    <message>
        <source>Received until</source>
        <translation>Eingang bis</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Filter zurücksetzen</translation>
    </message>
    <message>
        <source>Delivery due</source>
        <translation>Liefertermin</translation>
    </message>
    <message>
        <source>Show cases by their requested delivery date</source>
        <translation>Fälle nach gewünschtem Liefertermin zeigen</translation>
    </message>
    <message>
        <source>Unread only</source>
        <translation>Nur ungelesene</translation>
    </message>
    <message>
        <source>Show only the cases nobody has looked at yet</source>
        <translation>Nur die Fälle zeigen, die noch niemand angesehen hat</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft …</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n Fall</numerusform>
            <numerusform>%n Fälle</numerusform>
        </translation>
    </message>
    <message>
        <source>{shown} of {total} cases</source>
        <translation>{shown} von {total} Fällen</translation>
    </message>
</context>
<context>
    <name>InboxCells</name>
    <message numerus="yes">
        <source>%n scan(s)</source>
        <translation>
            <numerusform>%n Scan</numerusform>
            <numerusform>%n Scans</numerusform>
        </translation>
    </message>
    <message>
        <source>order form</source>
        <translation>Auftragsformular</translation>
    </message>
    <message numerus="yes">
        <source>%n attachment(s)</source>
        <translation>
            <numerusform>%n Anhang</numerusform>
            <numerusform>%n Anhänge</numerusform>
        </translation>
    </message>
    <message>
        <source>No files</source>
        <translation>Keine Dateien</translation>
    </message>
    <message>
        <source>Kept available offline; every file is on this computer</source>
        <translation>Offline vorgehalten; alle Dateien sind auf diesem Computer</translation>
    </message>
    <message>
        <source>Kept available offline; {done} of {total} files downloaded</source>
        <translation>Offline vorgehalten; {done} von {total} Dateien geladen</translation>
    </message>
    <message>
        <source>Every file is on this computer</source>
        <translation>Alle Dateien sind auf diesem Computer</translation>
    </message>
    <message>
        <source>{done} of {total} files on this computer</source>
        <translation>{done} von {total} Dateien auf diesem Computer</translation>
    </message>
    <message>
        <source>New</source>
        <comment>not opened yet</comment>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Read</source>
        <comment>opened already</comment>
        <translation>Gelesen</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Normal priority</source>
        <translation>Normale Priorität</translation>
    </message>
    <message>
        <source>{date} — {distance}</source>
        <translation>{date} — {distance}</translation>
    </message>
    <message>
        <source>New: not opened yet</source>
        <translation>Neu: noch nicht geöffnet</translation>
    </message>
    <message>
        <source>Priority case</source>
        <translation>Fall mit Priorität</translation>
    </message>
</context>
<context>
    <name>InboxFilters</name>
    <message>
        <source>Any time</source>
        <translation>Eingang: beliebig</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Heute</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>Zeitraum …</translation>
    </message>
    <message>
        <source>Due: any time</source>
        <translation>Liefertermin: beliebig</translation>
    </message>
    <message>
        <source>Overdue</source>
        <translation>Überfällig</translation>
    </message>
    <message>
        <source>Due today</source>
        <translation>Fällig heute</translation>
    </message>
    <message>
        <source>Due tomorrow</source>
        <translation>Fällig morgen</translation>
    </message>
    <message>
        <source>Due in the next 7 days</source>
        <translation>Fällig in den nächsten 7 Tagen</translation>
    </message>
</context>
<context>
    <name>InboxPanel</name>
    <message>
        <source>Not signed in.</source>
        <translation>Nicht angemeldet.</translation>
    </message>
    <message>
        <source>No cases yet. They appear here as soon as the first sync brings them.</source>
        <translation>Noch keine Fälle. Sie erscheinen hier, sobald die erste Synchronisierung sie bringt.</translation>
    </message>
    <message>
        <source>No cases match these filters.</source>
        <translation>Keine Fälle passen zu diesen Filtern.</translation>
    </message>
    <message>
        <source>No cases to show.</source>
        <translation>Keine Fälle vorhanden.</translation>
    </message>
    <message>
        <source>Reading the inbox…</source>
        <translation>Posteingang wird gelesen …</translation>
    </message>
</context>
<context>
    <name>InboxView</name>
    <message>
        <source>Unread</source>
        <translation>Ungelesen</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Available offline</source>
        <translation>Offline verfügbar</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>Fälle</translation>
    </message>
    <message>
        <source>Mark as unread</source>
        <translation>Als ungelesen markieren</translation>
    </message>
    <message>
        <source>Mark as read</source>
        <translation>Als gelesen markieren</translation>
    </message>
    <message>
        <source>Keep available offline</source>
        <translation>Offline verfügbar halten</translation>
    </message>
    <message>
        <source>Check scans (QC)</source>
        <translation>Scans prüfen (QC)</translation>
    </message>
    <message>
        <source>Open the case&apos;s QC tab and check its scans as they are now</source>
        <translation>Den QC-Bereich des Falls öffnen und seine Scans im jetzigen Stand prüfen</translation>
    </message>
    <message>
        <source>Copy reference</source>
        <translation>Referenz kopieren</translation>
    </message>
    <message>
        <source>Copied the reference {ref}.</source>
        <translation>Referenz {ref} kopiert.</translation>
    </message>
    <message>
        <source>Reset columns</source>
        <translation>Spalten zurücksetzen</translation>
    </message>
</context>
<context>
    <name>LabColumn</name>
    <message>
        <source>Ready</source>
        <translation>Annahmebereit</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>Neuscan</translation>
    </message>
    <message>
        <source>mine</source>
        <translation>bei mir</translation>
    </message>
    <message>
        <source>{decision} — {who}, {when}</source>
        <translation>{decision} — {who}, {when}</translation>
    </message>
    <message>
        <source>{decision}: {note}</source>
        <translation>{decision}: {note}</translation>
    </message>
    <message>
        <source>Held by {holder} (provisional)</source>
        <translation>In Bearbeitung bei {holder} (vorläufig)</translation>
    </message>
    <message>
        <source>Held by {holder}</source>
        <translation>In Bearbeitung bei {holder}</translation>
    </message>
    <message>
        <source>No lab decision; nobody holds the case</source>
        <translation>Keine Entscheidung des Labors; niemand bearbeitet den Fall</translation>
    </message>
</context>
<context>
    <name>LabDesk</name>
    <message>
        <source>Lab</source>
        <translation>Labor</translation>
    </message>
</context>
<context>
    <name>LabFilterCombo</name>
    <message>
        <source>Lab: all cases</source>
        <translation>Labor: alle Fälle</translation>
    </message>
    <message>
        <source>Lab: mine</source>
        <translation>Labor: bei mir</translation>
    </message>
    <message>
        <source>Lab: unclaimed</source>
        <translation>Labor: nicht übernommen</translation>
    </message>
    <message>
        <source>Lab: rescan needed</source>
        <translation>Labor: neuer Scan nötig</translation>
    </message>
    <message>
        <source>Lab filter</source>
        <translation>Labor-Filter</translation>
    </message>
    <message>
        <source>Show the cases you hold, nobody holds, or the lab wants rescanned</source>
        <translation>Fälle zeigen, die Sie bearbeiten, die niemand bearbeitet oder für die das Labor einen neuen Scan will</translation>
    </message>
</context>
<context>
    <name>LabHubSession</name>
    <message>
        <source>Case {ref}: the stale claim of {holder} was taken over.</source>
        <translation>Fall {ref}: Die veraltete Übernahme durch {holder} wurde abgelöst.</translation>
    </message>
    <message>
        <source>Your claim of case {ref} was refused: {reason}.</source>
        <translation>Ihre Übernahme von Fall {ref} wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Your release of case {ref} was refused: {reason}.</source>
        <translation>Ihre Freigabe von Fall {ref} wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Your decision on case {ref} was refused: {reason}.</source>
        <translation>Ihre Entscheidung zu Fall {ref} wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Your note on case {ref} was refused: {reason}.</source>
        <translation>Ihre Notiz zu Fall {ref} wurde abgelehnt: {reason}.</translation>
    </message>
    <message>
        <source>Your change to case {ref} was refused: {reason}.</source>
        <translation>Ihre Änderung an Fall {ref} wurde abgelehnt: {reason}.</translation>
    </message>
</context>
<context>
    <name>LabStatus</name>
    <message>
        <source>Lab hub: connecting…</source>
        <translation>Labor-Hub: Verbindung wird hergestellt …</translation>
    </message>
    <message>
        <source>Lab hub: connected</source>
        <translation>Labor-Hub: verbunden</translation>
    </message>
    <message>
        <source>Lab hub: not reachable</source>
        <translation>Labor-Hub: nicht erreichbar</translation>
    </message>
    <message numerus="yes">
        <source>{state} · %n waiting to be sent</source>
        <translation>
            <numerusform>{state} · %n wartet auf Versand</numerusform>
            <numerusform>{state} · %n warten auf Versand</numerusform>
        </translation>
    </message>
    <message>
        <source>Decisions, claims and notes are shared with the lab&apos;s other desks.</source>
        <translation>Entscheidungen, Übernahmen und Notizen werden mit den anderen Arbeitsplätzen des Labors geteilt.</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) wait on this computer and are sent when the hub is back.</source>
        <translation>
            <numerusform>%n Eintrag wartet auf diesem Computer und wird gesendet, sobald der Hub wieder erreichbar ist.</numerusform>
            <numerusform>%n Einträge warten auf diesem Computer und werden gesendet, sobald der Hub wieder erreichbar ist.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabTab</name>
    <message>
        <source>Ready to accept</source>
        <translation>Annahmebereit</translation>
    </message>
    <message>
        <source>Rescan needed</source>
        <translation>Neuer Scan nötig</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>check the findings</source>
        <translation>Befunde prüfen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>Claimed the case</source>
        <translation>Fall übernommen</translation>
    </message>
    <message>
        <source>Released the case</source>
        <translation>Fall freigegeben</translation>
    </message>
    <message>
        <source>Read it</source>
        <translation>Gelesen</translation>
    </message>
    <message>
        <source>{decision} — {note}</source>
        <translation>{decision} — {note}</translation>
    </message>
    <message>
        <source>Note: {text}</source>
        <translation>Notiz: {text}</translation>
    </message>
    <message>
        <source>QC checked: {verdict}</source>
        <translation>QC geprüft: {verdict}</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>Say that you are working on this case (one person at a time)</source>
        <translation>Zeigen, dass Sie diesen Fall bearbeiten (immer nur eine Person)</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Give the case back so someone else can take it</source>
        <translation>Den Fall zurückgeben, damit ihn jemand anderes übernehmen kann</translation>
    </message>
    <message>
        <source>A note for the whole lab about this case…</source>
        <translation>Eine Notiz zu diesem Fall für das ganze Labor …</translation>
    </message>
    <message>
        <source>Lab note</source>
        <translation>Labornotiz</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Notiz hinzufügen</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Nobody is working on this case.</source>
        <translation>Niemand bearbeitet diesen Fall.</translation>
    </message>
    <message>
        <source>You hold this case since {when} — provisional: the lab hub has not confirmed it yet, and may refuse it if someone else claimed the case meanwhile.</source>
        <translation>Sie bearbeiten diesen Fall seit {when} — vorläufig: Der Labor-Hub hat es noch nicht bestätigt und lehnt es womöglich ab, falls jemand anderes den Fall inzwischen übernommen hat.</translation>
    </message>
    <message>
        <source>You hold this case since {when}.</source>
        <translation>Sie bearbeiten diesen Fall seit {when}.</translation>
    </message>
    <message>
        <source>Held by {holder} since {when}.</source>
        <translation>In Bearbeitung bei {holder} seit {when}.</translation>
    </message>
    <message>
        <source>Read by {readers}.</source>
        <translation>Gelesen von {readers}.</translation>
    </message>
    <message>
        <source>Nobody has read it yet.</source>
        <translation>Noch von niemandem gelesen.</translation>
    </message>
    <message>
        <source>Take over</source>
        <translation>Selbst übernehmen</translation>
    </message>
    <message>
        <source>{decision} (waiting to be sent)</source>
        <translation>{decision} (wartet auf Versand)</translation>
    </message>
    <message>
        <source>Kept on this computer until the lab hub can be reached</source>
        <translation>Bleibt auf diesem Computer, bis der Labor-Hub erreichbar ist</translation>
    </message>
    <message>
        <source>The lab has no QC decision for this case yet.</source>
        <translation>Das Labor hat zu diesem Fall noch keine QC-Entscheidung.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{decision}&lt;/b&gt; — {who}, {when}</source>
        <translation>&lt;b&gt;{decision}&lt;/b&gt; — {who}, {when}</translation>
    </message>
    <message>
        <source>{decision}: {note}</source>
        <translation>{decision}: {note}</translation>
    </message>
</context>
<context>
    <name>LocalFiles</name>
    <message>
        <source>{path}: there is no such file.</source>
        <translation>{path}: Diese Datei gibt es nicht.</translation>
    </message>
    <message>
        <source>{path} is a folder, not a scan file.</source>
        <translation>{path} ist ein Ordner, keine Scan-Datei.</translation>
    </message>
    <message>
        <source>{path} is empty (0 bytes): it is not a scan.</source>
        <translation>{path} ist leer (0 Byte): Das ist kein Scan.</translation>
    </message>
    <message>
        <source>{path} cannot be opened: {reason}.</source>
        <translation>{path} kann nicht geöffnet werden: {reason}.</translation>
    </message>
    <message>
        <source>{path} is no longer there (moved or deleted?).</source>
        <translation>{path} ist nicht mehr vorhanden (verschoben oder gelöscht?).</translation>
    </message>
</context>
<context>
    <name>LocalFilesWindow</name>
    <message>
        <source>3D scans (*.stl *.STL *.ply *.PLY *.obj *.OBJ);;All files (*)</source>
        <translation>3D-Scans (*.stl *.STL *.ply *.PLY *.obj *.OBJ);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open scan files</source>
        <translation>Scan-Dateien öffnen</translation>
    </message>
    <message>
        <source>Local files — Scan Inbox</source>
        <translation>Lokale Dateien — Scan Inbox</translation>
    </message>
    <message>
        <source>Loading the 3D viewer…</source>
        <translation>3D-Ansicht wird geladen …</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open scan files…</source>
        <translation>Scan-Dateien ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>No scan file to show.</source>
        <translation>Keine Scan-Datei zum Anzeigen.</translation>
    </message>
    <message>
        <source>{names} — Local files — Scan Inbox</source>
        <translation>{names} — Lokale Dateien — Scan Inbox</translation>
    </message>
    <message>
        <source>The 3D viewer could not start: {error}</source>
        <translation>Die 3D-Ansicht konnte nicht starten: {error}</translation>
    </message>
    <message>
        <source>This file could not be opened:</source>
        <translation>Diese Datei konnte nicht geöffnet werden:</translation>
    </message>
    <message numerus="yes">
        <source>%n files could not be opened:</source>
        <translation>
            <numerusform>%n Datei konnte nicht geöffnet werden:</numerusform>
            <numerusform>%n Dateien konnten nicht geöffnet werden:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>The 3D view is not ready yet: show the scans first.</source>
        <translation>Die 3D-Ansicht ist noch nicht bereit: Zeigen Sie zuerst die Scans an.</translation>
    </message>
    <message>
        <source>No unread cases in this list.</source>
        <translation>Keine ungelesenen Fälle in dieser Liste.</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message numerus="yes">
        <source>%n unread</source>
        <translation>
            <numerusform>%n ungelesen</numerusform>
            <numerusform>%n ungelesen</numerusform>
        </translation>
    </message>
    <message>
        <source>Scan Inbox</source>
        <translation>Scan Inbox</translation>
    </message>
</context>
<context>
    <name>MessageArea</name>
    <message>
        <source>Close this message</source>
        <translation>Diese Meldung schließen</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>MultiSelectButton</name>
    <message>
        <source>{title} filter</source>
        <translation>Filter {title}</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>No values yet</source>
        <translation>Noch keine Werte</translation>
    </message>
    <message>
        <source>Any</source>
        <comment>the menu&apos;s first item: no filter</comment>
        <translation>Alle</translation>
    </message>
    <message numerus="yes">
        <source>%n selected</source>
        <translation>
            <numerusform>%n ausgewählt</numerusform>
            <numerusform>%n ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>{title}: {shown}</source>
        <translation>{title}: {shown}</translation>
    </message>
    <message>
        <source>any</source>
        <translation>alle</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>Scan Inbox</source>
        <translation>Scan Inbox</translation>
    </message>
    <message>
        <source>Open Scan Inbox</source>
        <translation>Scan Inbox öffnen</translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation>Jetzt synchronisieren</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>{title}: {text}</source>
        <translation>{title}: {text}</translation>
    </message>
</context>
<context>
    <name>PrintActions</name>
    <message>
        <source>Select a case to print its work ticket.</source>
        <translation>Wählen Sie einen Fall aus, um seinen Arbeitszettel zu drucken.</translation>
    </message>
    <message>
        <source>Print work ticket</source>
        <translation>Arbeitszettel drucken</translation>
    </message>
    <message>
        <source>The work ticket of {case} was sent to the printer.</source>
        <translation>Der Arbeitszettel für {case} wurde an den Drucker gesendet.</translation>
    </message>
    <message>
        <source>This case has no order form to print.</source>
        <translation>Dieser Fall hat kein Auftragsformular zum Drucken.</translation>
    </message>
    <message>
        <source>The order form cannot be printed: {problem}.</source>
        <translation>Das Auftragsformular kann nicht gedruckt werden: {problem}.</translation>
    </message>
    <message>
        <source>Print order form</source>
        <translation>Auftragsformular drucken</translation>
    </message>
    <message numerus="yes">
        <source>The order form (%n page(s)) was sent to the printer.</source>
        <translation>
            <numerusform>Das Auftragsformular (%n Seite) wurde an den Drucker gesendet.</numerusform>
            <numerusform>Das Auftragsformular (%n Seiten) wurde an den Drucker gesendet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QcCell</name>
    <message>
        <source>QC passed</source>
        <translation>QC bestanden</translation>
    </message>
    <message>
        <source>QC: check the findings</source>
        <translation>QC: Befunde prüfen</translation>
    </message>
    <message>
        <source>QC failed</source>
        <translation>QC nicht bestanden</translation>
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
        <source>checked on older scans — re-run</source>
        <translation>an älteren Scans geprüft — erneut prüfen</translation>
    </message>
    <message>
        <source>QC: checking… (last result: {verdict})</source>
        <translation>QC: Prüfung läuft … (letztes Ergebnis: {verdict})</translation>
    </message>
    <message>
        <source>QC: checking…</source>
        <translation>QC: Prüfung läuft …</translation>
    </message>
    <message>
        <source>{decision} ({who})</source>
        <translation>{decision} ({who})</translation>
    </message>
    <message>
        <source>Not checked</source>
        <translation>Nicht geprüft</translation>
    </message>
    <message>
        <source>{verdict} — {outdated}</source>
        <translation>{verdict} — {outdated}</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>Enter the address of the inbox service.</source>
        <translation>Geben Sie die Adresse des Inbox-Dienstes ein.</translation>
    </message>
    <message>
        <source>That password signed in {signed_in}, not {account}. Sign out first to change accounts.</source>
        <translation>Mit diesem Passwort wurde {signed_in} angemeldet, nicht {account}. Melden Sie sich zuerst ab, um das Konto zu wechseln.</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Sign in again</source>
        <translation>Erneut anmelden</translation>
    </message>
    <message>
        <source>Sign in</source>
        <comment>title</comment>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Sign in to Scan Inbox</source>
        <translation>Bei Scan Inbox anmelden</translation>
    </message>
    <message>
        <source>Cases and scans of your lab, from the Intra-Oral Scan Inbox service.</source>
        <translation>Fälle und Scans Ihres Labors aus dem Dienst Intra-Oral Scan Inbox.</translation>
    </message>
    <message>
        <source>Your session has ended. Sign in again to continue — everything you have open stays as it is.</source>
        <translation>Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um weiterzuarbeiten — alles Geöffnete bleibt, wie es ist.</translation>
    </message>
    <message>
        <source>Sign in to get new cases and files — everything you have open stays as it is.</source>
        <translation>Melden Sie sich an, um neue Fälle und Dateien zu erhalten — alles Geöffnete bleibt, wie es ist.</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Dienst</translation>
    </message>
    <message>
        <source>https://inbox.example.com</source>
        <comment>an example address</comment>
        <translation>https://inbox.example.com</translation>
    </message>
    <message>
        <source>Service address</source>
        <translation>Adresse des Dienstes</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Remember me on this computer</source>
        <translation>Auf diesem Computer angemeldet bleiben</translation>
    </message>
    <message>
        <source>Keep the session in the system keyring, so the next start needs no password</source>
        <translation>Die Sitzung im Schlüsselbund des Systems speichern, damit der nächste Start kein Passwort braucht</translation>
    </message>
    <message>
        <source>{reason}. The session is kept in memory only.</source>
        <translation>{reason}. Die Sitzung wird nur im Arbeitsspeicher gehalten.</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Anmeldung läuft …</translation>
    </message>
    <message>
        <source>Sign in</source>
        <comment>button</comment>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Später</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Open the cases kept on this computer without signing in</source>
        <translation>Die auf diesem Computer gespeicherten Fälle ohne Anmeldung öffnen</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Eigene Adresse</translation>
    </message>
    <message>
        <source>the service address</source>
        <translation>die Adresse des Dienstes</translation>
    </message>
    <message>
        <source>your e-mail address</source>
        <translation>Ihre E-Mail-Adresse</translation>
    </message>
    <message>
        <source>your password</source>
        <translation>Ihr Passwort</translation>
    </message>
    <message>
        <source>Signing in was cancelled.</source>
        <translation>Die Anmeldung wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Signed in as the demo user</source>
        <translation>Angemeldet als Demo-Benutzer</translation>
    </message>
    <message>
        <source>name@lab.example</source>
        <comment>an example e-mail address</comment>
        <translation>name@labor.example</translation>
    </message>
    <message>
        <source>Not needed for the demo</source>
        <translation>Für die Demo nicht nötig</translation>
    </message>
    <message>
        <source>Please enter {first}.</source>
        <translation>Bitte geben Sie {first} ein.</translation>
    </message>
    <message>
        <source>Please enter {first} and {second}.</source>
        <translation>Bitte geben Sie {first} und {second} ein.</translation>
    </message>
    <message>
        <source>Please enter {first}, {second} and {third}.</source>
        <translation>Bitte geben Sie {first}, {second} und {third} ein.</translation>
    </message>
</context>
<context>
    <name>SignInMessages</name>
    <message>
        <source>The e-mail address or password is not correct. Check them and try again.</source>
        <translation>E-Mail-Adresse oder Passwort sind nicht korrekt. Bitte prüfen Sie beides und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The server at {host} cannot be reached. Check the address and your network connection, then try again.</source>
        <translation>Der Server {host} ist nicht erreichbar. Prüfen Sie die Adresse und Ihre Netzwerkverbindung und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The server cannot be reached. Check the address and your network connection, then try again.</source>
        <translation>Der Server ist nicht erreichbar. Prüfen Sie die Adresse und Ihre Netzwerkverbindung und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The server at {host} answered, but not like a Scan Inbox service. Check the address.</source>
        <translation>Der Server {host} hat geantwortet, aber nicht wie ein Scan-Inbox-Dienst. Prüfen Sie die Adresse.</translation>
    </message>
    <message>
        <source>The server answered, but not like a Scan Inbox service. Check the address.</source>
        <translation>Der Server hat geantwortet, aber nicht wie ein Scan-Inbox-Dienst. Prüfen Sie die Adresse.</translation>
    </message>
    <message>
        <source>Signing in failed: {error}</source>
        <translation>Die Anmeldung ist fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>Signing in failed unexpectedly; the details are in the log file.</source>
        <translation>Die Anmeldung ist unerwartet fehlgeschlagen; Einzelheiten stehen in der Protokolldatei.</translation>
    </message>
    <message>
        <source>The security certificate of the server at {host} could not be verified{reason}, so nothing was sent. If your lab uses its own certificate authority, ask your IT contact to set network.ca_bundle in the settings.</source>
        <translation>Das Sicherheitszertifikat des Servers {host} konnte nicht überprüft werden{reason}, deshalb wurde nichts gesendet. Falls Ihr Labor eine eigene Zertifizierungsstelle verwendet, bitten Sie Ihre IT-Betreuung, network.ca_bundle in den Einstellungen zu setzen.</translation>
    </message>
    <message>
        <source>The security certificate of the server could not be verified{reason}, so nothing was sent. If your lab uses its own certificate authority, ask your IT contact to set network.ca_bundle in the settings.</source>
        <translation>Das Sicherheitszertifikat des Servers konnte nicht überprüft werden{reason}, deshalb wurde nichts gesendet. Falls Ihr Labor eine eigene Zertifizierungsstelle verwendet, bitten Sie Ihre IT-Betreuung, network.ca_bundle in den Einstellungen zu setzen.</translation>
    </message>
</context>
<context>
    <name>SignInParts</name>
    <message>
        <source>Sign-in problem</source>
        <translation>Problem bei der Anmeldung</translation>
    </message>
</context>
<context>
    <name>SignInPrompts</name>
    <message>
        <source>Work offline</source>
        <translation>Offline arbeiten</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>Remove local data</source>
        <translation>Lokale Daten entfernen</translation>
    </message>
    <message>
        <source>Sign out and remove the local data of {email}?</source>
        <translation>Abmelden und die lokalen Daten von {email} entfernen?</translation>
    </message>
    <message>
        <source>The cases and downloaded files kept on this computer for this account are deleted. Nothing changes on the service; signing in again downloads what you need.</source>
        <translation>Die Fälle und geladenen Dateien dieses Kontos auf diesem Computer werden gelöscht. Beim Dienst ändert sich nichts; nach erneuter Anmeldung wird geladen, was Sie brauchen.</translation>
    </message>
    <message>
        <source>Sign out and remove</source>
        <translation>Abmelden und entfernen</translation>
    </message>
</context>
<context>
    <name>StoreFileProvider</name>
    <message>
        <source>File storage cannot be reached right now.</source>
        <translation>Der Dateispeicher ist gerade nicht erreichbar.</translation>
    </message>
    <message>
        <source>{file} cannot be downloaded: the case does not say what kind of file it is.</source>
        <translation>{file} kann nicht geladen werden: Der Fall gibt nicht an, welche Art von Datei es ist.</translation>
    </message>
    <message>
        <source>This file cannot be downloaded: the case does not say what kind of file it is.</source>
        <translation>Diese Datei kann nicht geladen werden: Der Fall gibt nicht an, welche Art von Datei es ist.</translation>
    </message>
    <message>
        <source>File storage cannot be reached</source>
        <translation>Dateispeicher nicht erreichbar</translation>
    </message>
</context>
<context>
    <name>SyncPresenter</name>
    <message>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>Online</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Synchronisierung …</translation>
    </message>
    <message>
        <source>Sync failed</source>
        <translation>Synchronisierung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Signed out</source>
        <translation>Abgemeldet</translation>
    </message>
    <message>
        <source>Not syncing</source>
        <translation>Keine Synchronisierung</translation>
    </message>
    <message>
        <source>The service cannot be reached; trying again now…</source>
        <translation>Der Dienst ist nicht erreichbar; neuer Versuch läuft …</translation>
    </message>
    <message>
        <source>Syncing {cases} of {total} cases…</source>
        <translation>Synchronisierung: {cases} von {total} Fällen …</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) arrived</source>
        <translation>
            <numerusform>%n Fall eingegangen</numerusform>
            <numerusform>%n Fälle eingegangen</numerusform>
        </translation>
    </message>
    <message>
        <source>New cases arrived in the inbox.</source>
        <translation>Neue Fälle sind im Posteingang eingetroffen.</translation>
    </message>
    <message numerus="yes">
        <source>{names} and %n more</source>
        <translation>
            <numerusform>{names} und %n weiterer</numerusform>
            <numerusform>{names} und %n weitere</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SyncStatus</name>
    <message>
        <source>from this computer (never synced)</source>
        <translation>von diesem Computer (nie synchronisiert)</translation>
    </message>
    <message>
        <source>as of {time} today</source>
        <translation>mit Stand von heute {time}</translation>
    </message>
    <message>
        <source>as of yesterday {time}</source>
        <translation>mit Stand von gestern {time}</translation>
    </message>
    <message>
        <source>as of {date} {time}</source>
        <translation>mit Stand vom {date} {time}</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) could not be read</source>
        <translation>
            <numerusform>%n Fall konnte nicht gelesen werden</numerusform>
            <numerusform>%n Fälle konnten nicht gelesen werden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiterer</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Synced {when}</source>
        <translation>Synchronisiert: {when}</translation>
    </message>
    <message>
        <source>Last successful sync: {time}</source>
        <translation>Letzte erfolgreiche Synchronisierung: {time}</translation>
    </message>
    <message>
        <source>Offline copies: {done} of {total} files, {size}</source>
        <translation>Offline-Kopien: {done} von {total} Dateien, {size}</translation>
    </message>
    <message numerus="yes">
        <source>Downloading %n file(s)</source>
        <translation>
            <numerusform>%n Datei wird geladen</numerusform>
            <numerusform>%n Dateien werden geladen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ViewerHost</name>
    <message>
        <source>Loading the 3D viewer…</source>
        <translation>3D-Ansicht wird geladen …</translation>
    </message>
    <message>
        <source>The 3D viewer is not part of this installation.</source>
        <translation>Die 3D-Ansicht ist in dieser Installation nicht enthalten.</translation>
    </message>
    <message>
        <source>The 3D viewer could not start: {error}</source>
        <translation>Die 3D-Ansicht konnte nicht starten: {error}</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;3D scans</source>
        <translation>&amp;3D-Scans</translation>
    </message>
    <message>
        <source>&amp;Prescription</source>
        <translation>&amp;Verordnung</translation>
    </message>
    <message>
        <source>&amp;Order form</source>
        <translation>Auftrags&amp;formular</translation>
    </message>
    <message>
        <source>&amp;Attachments</source>
        <translation>&amp;Anhänge</translation>
    </message>
    <message>
        <source>&amp;QC</source>
        <translation>&amp;QC-Prüfung</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Sync now</source>
        <translation>Jetzt s&amp;ynchronisieren</translation>
    </message>
    <message>
        <source>&amp;Find cases…</source>
        <translation>Fälle &amp;suchen …</translation>
    </message>
    <message>
        <source>Keep all cases due this &amp;week offline</source>
        <translation>Alle Fälle mit Liefertermin diese &amp;Woche offline halten</translation>
    </message>
    <message>
        <source>&amp;Open scan files…</source>
        <translation>Scan-Dateien ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>&amp;Print work ticket…</source>
        <translation>Arbeitszettel &amp;drucken …</translation>
    </message>
    <message>
        <source>Print &amp;order form…</source>
        <translation>&amp;Auftragsformular drucken …</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Next unread case</source>
        <translation>&amp;Nächster ungelesener Fall</translation>
    </message>
    <message>
        <source>Reset columns</source>
        <translation>Spalten &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>&amp;Erscheinungsbild</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Case</source>
        <translation>&amp;Fall</translation>
    </message>
    <message>
        <source>&amp;Account</source>
        <translation>&amp;Konto</translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation>Nicht angemeldet</translation>
    </message>
    <message>
        <source>Sign in…</source>
        <translation>&amp;Anmelden …</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>A&amp;bmelden</translation>
    </message>
    <message>
        <source>Sign out and remove local data…</source>
        <translation>Abmelden und &amp;lokale Daten entfernen …</translation>
    </message>
    <message>
        <source>Next section</source>
        <translation>Nächster Bereich</translation>
    </message>
    <message>
        <source>Previous section</source>
        <translation>Vorheriger Bereich</translation>
    </message>
    <message>
        <source>Show the 3D scans and give the keyboard to the 3D view</source>
        <translation>Die 3D-Scans zeigen und die Tastatur an die 3D-Ansicht geben</translation>
    </message>
    <message>
        <source>Case &amp;list</source>
        <translation>Fall&amp;liste</translation>
    </message>
    <message>
        <source>QC: Ready to accept</source>
        <translation>QC: Annahmebereit</translation>
    </message>
    <message>
        <source>QC: Rescan needed</source>
        <translation>QC: Neuer Scan nötig</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation>System ({language})</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>{email} — {where}</source>
        <translation>{email} — {where}</translation>
    </message>
</context>
</TS>
