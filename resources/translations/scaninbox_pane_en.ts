<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AttachmentsView</name>
    <message numerus="yes">
        <source>Saving %n file(s)…</source>
        <translation>
            <numerusform>Saving %n file…</numerusform>
            <numerusform>Saving %n files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n file(s) to {folder}</source>
        <translation>
            <numerusform>Saved %n file to {folder}</numerusform>
            <numerusform>Saved %n files to {folder}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FindingsList</name>
    <message numerus="yes">
        <source>%n finding(s)</source>
        <translation>
            <numerusform>%n finding</numerusform>
            <numerusform>%n findings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{kind}: %n finding(s)</source>
        <translation>
            <numerusform>{kind}: %n finding</numerusform>
            <numerusform>{kind}: %n findings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QcScorecard</name>
    <message numerus="yes">
        <source>%n case(s) checked on this computer.</source>
        <translation>
            <numerusform>%n case checked on this computer.</numerusform>
            <numerusform>%n cases checked on this computer.</numerusform>
        </translation>
    </message>
</context>
</TS>
