<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ApiError</name>
    <message numerus="yes">
        <source>Downloading {name} failed after %n attempt(s): {problem}</source>
        <translation>
            <numerusform>Downloading {name} failed after %n attempt: {problem}</numerusform>
            <numerusform>Downloading {name} failed after %n attempts: {problem}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{reason} (and %n more problem(s))</source>
        <translation>
            <numerusform>{reason} (and %n more problem)</numerusform>
            <numerusform>{reason} (and %n more problems)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeshError</name>
    <message numerus="yes">
        <source>its body has %n number(s) more than the header&apos;s elements hold (a row is missing a value, or the counts are wrong)</source>
        <translation>
            <numerusform>its body has %n number more than the header&apos;s elements hold (a row is missing a value, or the counts are wrong)</numerusform>
            <numerusform>its body has %n numbers more than the header&apos;s elements hold (a row is missing a value, or the counts are wrong)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) have coordinates that are not finite numbers</source>
        <translation>
            <numerusform>%n point has coordinates that are not finite numbers</numerusform>
            <numerusform>%n points have coordinates that are not finite numbers</numerusform>
        </translation>
    </message>
</context>
</TS>
