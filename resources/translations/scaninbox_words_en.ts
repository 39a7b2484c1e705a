<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>FindingText</name>
    <message numerus="yes">
        <source>Floating fragment of %n triangle(s) ({area} mm²), not connected to the arch.</source>
        <translation>
            <numerusform>Floating fragment of %n triangle ({area} mm²), not connected to the arch.</numerusform>
            <numerusform>Floating fragment of %n triangles ({area} mm²), not connected to the arch.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n non-manifold edge(s) (shared by more than two triangles) in {places} place(s).</source>
        <translation>
            <numerusform>%n non-manifold edge (shared by more than two triangles) in {places} place.</numerusform>
            <numerusform>%n non-manifold edges (shared by more than two triangles) in {places} places.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n degenerate triangle(s) (no area).</source>
        <translation>
            <numerusform>%n degenerate triangle (no area).</numerusform>
            <numerusform>%n degenerate triangles (no area).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate triangle(s) (the same three points twice).</source>
        <translation>
            <numerusform>%n duplicate triangle (the same three points twice).</numerusform>
            <numerusform>%n duplicate triangles (the same three points twice).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The delivery date {date} passed %n day(s) ago.</source>
        <translation>
            <numerusform>The delivery date {date} passed %n day ago.</numerusform>
            <numerusform>The delivery date {date} passed %n days ago.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabLink</name>
    <message numerus="yes">
        <source>%n events wait on this computer and will be sent by `scaninbox sync` or the window when the hub is back.</source>
        <translation>
            <numerusform>%n events wait on this computer and will be sent by `scaninbox sync` or the window when the hub is back.</numerusform>
            <numerusform>%n events wait on this computer and will be sent by `scaninbox sync` or the window when the hub is back.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QcReport</name>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n failed</numerusform>
            <numerusform>%n failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n note</numerusform>
            <numerusform>%n notes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more, each smaller than those above.</source>
        <translation>
            <numerusform>… and %n more, each smaller than those above.</numerusform>
            <numerusform>… and %n more, each smaller than those above.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{jaw} — {file}: %n finding(s)</source>
        <translation>
            <numerusform>{jaw} — {file}: %n finding</numerusform>
            <numerusform>{jaw} — {file}: %n findings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message numerus="yes">
        <source>%n day(s) overdue</source>
        <translation>
            <numerusform>%n day overdue</numerusform>
            <numerusform>%n days overdue</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n day(s)</source>
        <translation>
            <numerusform>in %n day</numerusform>
            <numerusform>in %n days</numerusform>
        </translation>
    </message>
</context>
</TS>
