"""Starting any command (the desktop app included) builds the whole parser; that must not
import the API client, pydantic or the store — each command's handler imports what it needs."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("scaninbox.api", "scaninbox.store", "httpx", "pydantic")


def test_building_the_parser_imports_neither_the_api_nor_the_store() -> None:
    script = (
        "import sys\n"
        "from scaninbox.cli.main import build_parser\n"
        "parser = build_parser()\n"
        "args = parser.parse_args(['case', 'abc'])\n"
        "assert args.handler.__name__ == 'scaninbox.cli.case_handlers.run_case'\n"
        f"print(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


def test_mapping_an_error_imports_the_error_classes_then() -> None:
    script = (
        "import sys\n"
        "from scaninbox.cli.errors import exit_code_for, plain_message\n"
        "assert 'scaninbox.api.errors' not in sys.modules\n"
        "from scaninbox.store.errors import NotCachedError\n"
        "print(exit_code_for(NotCachedError('gone')), plain_message(KeyError('x')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "4 Unexpected error (KeyError): 'x'."
