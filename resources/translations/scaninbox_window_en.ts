<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CasePresenter</name>
    <message numerus="yes">
        <source>{name} is kept available offline, but %n file(s) could not be downloaded.</source>
        <translation>
            <numerusform>{name} is kept available offline, but %n file could not be downloaded.</numerusform>
            <numerusform>{name} is kept available offline, but %n files could not be downloaded.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) due this week ({span}) kept available offline.</source>
        <translation>
            <numerusform>%n case due this week ({span}) kept available offline.</numerusform>
            <numerusform>%n cases due this week ({span}) kept available offline.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be downloaded.</source>
        <translation>
            <numerusform>%n file could not be downloaded.</numerusform>
            <numerusform>%n files could not be downloaded.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) due this week ({span}) available offline with every file.</source>
        <translation>
            <numerusform>%n case due this week ({span}) available offline with every file.</numerusform>
            <numerusform>%n cases due this week ({span}) available offline with every file.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FiltersBar</name>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n case</numerusform>
            <numerusform>%n cases</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InboxCells</name>
    <message numerus="yes">
        <source>%n scan(s)</source>
        <translation>
            <numerusform>%n scan</numerusform>
            <numerusform>%n scans</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attachment(s)</source>
        <translation>
            <numerusform>%n attachment</numerusform>
            <numerusform>%n attachments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabStatus</name>
    <message numerus="yes">
        <source>{state} · %n waiting to be sent</source>
        <translation>
            <numerusform>{state} · %n waiting to be sent</numerusform>
            <numerusform>{state} · %n waiting to be sent</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) wait on this computer and are sent when the hub is back.</source>
        <translation>
            <numerusform>%n event wait on this computer and are sent when the hub is back.</numerusform>
            <numerusform>%n events wait on this computer and are sent when the hub is back.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LocalFilesWindow</name>
    <message numerus="yes">
        <source>%n files could not be opened:</source>
        <translation>
            <numerusform>%n files could not be opened:</numerusform>
            <numerusform>%n files could not be opened:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n unread</source>
        <translation>
            <numerusform>%n unread</numerusform>
            <numerusform>%n unread</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MultiSelectButton</name>
    <message numerus="yes">
        <source>%n selected</source>
        <translation>
            <numerusform>%n selected</numerusform>
            <numerusform>%n selected</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PrintActions</name>
    <message numerus="yes">
        <source>The order form (%n page(s)) was sent to the printer.</source>
        <translation>
            <numerusform>The order form (%n page) was sent to the printer.</numerusform>
            <numerusform>The order form (%n pages) was sent to the printer.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SyncPresenter</name>
    <message numerus="yes">
        <source>%n case(s) arrived</source>
        <translation>
            <numerusform>%n case arrived</numerusform>
            <numerusform>%n cases arrived</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{names} and %n more</source>
        <translation>
            <numerusform>{names} and %n more</numerusform>
            <numerusform>{names} and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SyncStatus</name>
    <message numerus="yes">
        <source>%n case(s) could not be read</source>
        <translation>
            <numerusform>%n case could not be read</numerusform>
            <numerusform>%n cases could not be read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Downloading %n file(s)</source>
        <translation>
            <numerusform>Downloading %n file</numerusform>
            <numerusform>Downloading %n files</numerusform>
        </translation>
    </message>
</context>
</TS>
