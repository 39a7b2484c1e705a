<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>Checklist</name>
    <message>
        <source>Scans readable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No holes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No floating fragments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean mesh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bite-through, arches in occlusion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scans filed right, bite closed on both sides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room for the material over the preparations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No undercuts, abutments parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Margins found, none open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jaw coverage for the work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Antagonist scanned for the work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order form present</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patient identifiable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delivery date not past</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work ordered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No contact requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a duplicate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ColourMap</name>
    <message>
        <source>over {mm}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bite-through (&lt; 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under {mm}: no undercut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a prepared wall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under {mm}: untouched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clearance, mm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed, mm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undercut, mm</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <source>perimeter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>area</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>smallest distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tooth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>teeth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delivery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>triangles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{value} mm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More than {cap} from the antagonist everywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bite-through up to {depth}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest clearance {gap}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at the margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>away from the margins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated from the shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pre-preparation scan</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FindingText</name>
    <message>
        <source>{title} ({message})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left</source>
        <comment>the patient&apos;s side</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>right</source>
        <comment>the patient&apos;s side</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scan {file} has no triangles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scan cannot be read: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hole of {perimeter} perimeter (about {across} across).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Separate part of the bite registration ({area} mm²).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Floating fragment of %n triangle(s) ({area} mm²), not connected to the arch.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n non-manifold edge(s) (shared by more than two triangles) in {places} place(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n degenerate triangle(s) (no area).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate triangle(s) (the same three points twice).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The {jaw} lies up to {depth} inside the {against} over {area} mm².</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest distance between the arches: {gap}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest distance between the arches: {gap} — the arches are not in occlusion.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The upper and lower scans look swapped: the scan filed as lower has a palate. File each scan under its jaw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The upper and lower scans look swapped: the scan filed as upper is {narrower} narrower at the back and its incisors lie {behind} behind the other&apos;s. File each scan under its jaw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arches touch only on the patient&apos;s {side}; on the {open_side} the back teeth stay at least {gap} apart — a bite taken open on one side.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tooth {tooth}: {room} of room for {material}, which needs {needed} (the tooth is located by estimate along the arch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tooth {tooth}: no room ({room} bite-through) for {material}, which needs {needed} (the tooth is located by estimate along the arch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tooth {tooth}: an undercut {depth} deep over {area} mm² on the best path of insertion (tooth located by estimate along the arch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bridge&apos;s abutments {teeth} diverge by {angle}°: no single path seats the bridge without an undercut ({depth} deep on the best common path; teeth located by estimate along the arch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated from the shape (no pre-preparation scan): the most concave line round the preparation, within 1–2 mm of the finish line on a clear chamfer or shoulder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the edge of the prepared zone (0.2 mm or more removed since the pre-preparation scan)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The margin of tooth {tooth}: {how}; {length} long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The margin of a prepared tooth: {how}; {length} long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teeth {teeth} need a scan of the {jaw}; the case has none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The work is for the {jaw}; the case has no scan of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed work on {teeth} needs a bite scan or the arches in occlusion; the case has neither.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The case has no scans.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The work on {teeth} needs the antagonist: the case has no scan of the {jaw}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The work needs the antagonist: the case has no scan of the {jaw}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The delivery date {date} passed %n day(s) ago.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Possible duplicate of case {case}: the same patient ({name}, born {born}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Possible duplicate of case {case}: the same {portal} case {external_id}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The case has no order form (prescription PDF).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The patient cannot be identified: no name, external id or reference number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No work is ordered (no worktypes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clinic asks to be contacted about this case.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <source>Unreadable scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hole</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fragment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-manifold edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Degenerate triangles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate triangles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bite-through</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upper and lower swapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bite open on one side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too little room for the material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undercut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abutments not parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jaw coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing antagonist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delivery date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contact required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Possible duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAIL</source>
        <comment>severity of a finding</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARN</source>
        <comment>severity of a finding</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>INFO</source>
        <comment>severity of a finding</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAIL</source>
        <comment>verdict</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARN</source>
        <comment>verdict</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PASS</source>
        <comment>verdict</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Materials</name>
    <message>
        <source>monolithic zirconia</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layered zirconia</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>monolithic lithium disilicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layered lithium disilicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>porcelain fused to metal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cast metal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PMMA (provisional)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QcReport</name>
    <message>
        <source>Scan Inbox QC report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>page {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan QC report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan QC report — scan files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{failed} failed, {warnings} warnings, {notes} notes. Positions are in each scan file&apos;s own coordinates (mm).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date of birth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dentist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clinic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Portal / external id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Received</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delivery date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teeth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QC decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checklist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jaw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triangles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extent (mm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edge (mm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready to accept</source>
        <comment>a QC decision</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rescan needed</source>
        <comment>a QC decision</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case</source>
        <comment>findings of the case, not of one file</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more, each smaller than those above.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>at {point}</source>
        <comment>a position in mm</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Views (findings marked by number)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the portal&apos;s axis mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the portal&apos;s axis mapping, turned as you turned it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated from the scans, turned as you turned it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated from the scans (no usable axis mapping)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orientation, as in the viewer: {how}. The patient&apos;s right is on the picture&apos;s left, as on the tooth chart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{jaw} — {file}: %n finding(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Upper against lower — {file}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower against upper — {file}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occlusal clearance (distance to the antagonist, mm)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RescanPack</name>
    <message>
        <source>The scan has a gap about {across} across at the margin of tooth {tooth} (marked): the scanner saw nothing there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rescan that area of the jaw, dry and unobstructed (retract the gingiva so the margin is seen all round).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scan has a gap about {across} across (marked): the scanner saw nothing there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rescan that area of the jaw, dry and unobstructed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scan of the opposing (upper) jaw is missing: the work cannot be made to the bite without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan the upper jaw and the bite.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scan of the opposing (lower) jaw is missing: the work cannot be made to the bite without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan the lower jaw and the bite.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scan of the opposing jaw is missing: the work cannot be made to the bite without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan the opposing jaw and the bite.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tooth {tooth} has {room} of room to the opposing teeth; {material} needs {needed}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce tooth {tooth} further where marked, then rescan the prepared jaw and the bite.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scan file cannot be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the scan again from the scanner software and send it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A loose piece of scan floats beside the arch (marked).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rescan the jaw; remove stray scan data before sending.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the bite the upper and lower teeth overlap by {depth} (marked): the bite was not registered right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the bite scan again with the patient biting fully and evenly closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The upper and lower scans do not meet: the arches are {gap} apart at the nearest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take a bite scan with the patient biting closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan and send what is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The upper and lower scans seem to be filed under each other&apos;s jaw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the jaw of each scan and send them again under the right jaw (no rescan is needed when only the labels were swapped).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bite is open on the patient&apos;s {side}: the back teeth there stay {gap} apart while the other side touches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the bite scan again with the patient biting evenly on both sides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tooth {tooth} has an undercut {depth} deep (marked): a crown would not seat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adjust the preparation of tooth {tooth} and rescan the jaw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bridge&apos;s abutments {teeth} lean {angle}° apart: no single path seats the bridge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adjust the preparations to a common path of insertion and rescan the jaw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rescan request · case {case}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to rescan: the scans can be used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rescan request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For</source>
        <comment>the dentist the request is for</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <comment>the lab sending the request</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>We checked the scans of this case before starting the work. To make it well we need the following. Questions: please contact us as above. In the pictures the patient&apos;s right is on the left, as on a tooth chart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to do: {todo}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In production</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appliance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orthodontics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bridge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Onlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Veneer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partial crown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pontic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abutment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implant abutment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implant crown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implant system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Screw retained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cemented</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ti base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stock titanium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Night guard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full denture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partial denture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denture tooth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cast framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aligners</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bonded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Essix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zirconia</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lithium disilicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Porcelain fused to metal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non precious metal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precious metal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cobalt chrome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Titanium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feldspathic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Composite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acrylic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nylon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Polycarbonate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Polyurethane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monolithic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flexible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thickness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preparation scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre preparation scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bite scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abutment scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denture scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upper jaw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower jaw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <comment>a scan of no jaw</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>local time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{date}, {time} ({zone})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>today {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{day} {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{minutes} min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{hours} h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yesterday {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{weekday} {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tomorrow</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) overdue</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n day(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>{date} ({age} y)</source>
        <comment>date of birth, age in years</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Male</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Female</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Worktypes</name>
    <message>
        <source>Unspecified work</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
