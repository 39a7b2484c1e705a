"""The lab hub in the window (``scaninbox.lab``): a status-bar word on the hub, the inbox's
"Lab" column (the lab's decision and who holds the case) and its filter (mine, unclaimed,
rescan needed), and the case pane's "Lab" tab (claim / release, notes, the history).

``install.install_lab_hub`` builds it all once; ``attach`` / ``detach`` follow the open
account. Without a configured hub everything stays hidden. The hub is never talked to on the
GUI thread: changes go to the outbox (SQLite, quick) and the ``LabListener`` thread sends them
and reads what other desks did (``session.LabHubSession``).
"""
