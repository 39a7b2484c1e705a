"""Run as ``python -m tests.lab.send_child STORE_FOLDER URL``: sends the store's outbox to the
hub, printing ``sent`` after each event the hub committed (before the outbox forgets it), so
the test can kill it with SIGKILL at exactly the moment a crash would hurt most."""

from __future__ import annotations

import sys
from pathlib import Path

from scaninbox.lab import hub as hub_module
from scaninbox.lab.config import hub_address
from scaninbox.lab.exchange import send_waiting
from scaninbox.store import CaseStore


def main() -> None:
    folder, url = Path(sys.argv[1]), sys.argv[2]
    address = hub_address(url, from_file=False)
    assert address is not None
    original = hub_module.Hub.append

    def append_and_say(self: hub_module.Hub, event: object) -> hub_module.AppendOutcome:
        outcome = original(self, event)  # type: ignore[arg-type]
        print("sent", flush=True)
        return outcome

    hub_module.Hub.append = append_and_say  # type: ignore[method-assign]
    with CaseStore.open(folder) as store, hub_module.Hub.open(address) as hub:
        send_waiting(store, hub)
    print("done", flush=True)


if __name__ == "__main__":
    main()
