"""``python -m scaninbox``: the same as the ``scaninbox`` command."""

from scaninbox.cli.main import main

raise SystemExit(main())
