"""The self-test does not import the command line's ``main`` back (``main`` imports it for
``--self-test`` and hands itself in): no import circle between the two."""

from __future__ import annotations

import grimp


def test_the_self_test_does_not_import_main() -> None:
    graph = grimp.build_graph("scaninbox", cache_dir=None)
    assert not graph.chain_exists(
        importer="scaninbox.cli.self_test", imported="scaninbox.cli.main"
    ), graph.find_shortest_chain(importer="scaninbox.cli.self_test", imported="scaninbox.cli.main")
