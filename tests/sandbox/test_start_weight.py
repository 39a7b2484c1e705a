"""The sandbox listens before it loads fpdf2: order forms and report attachments are drawn on
request. The window's demo waits for its demo service to listen (`scaninbox.demo_process`), and
fpdf2 (with fontTools and Pillow's plugins) was a large part of that start."""

from __future__ import annotations

from tests.fresh_interpreter import run_reporting_script

_START = """
import json, sys
from scaninbox.sandbox import SandboxConfig, SandboxServer
server = SandboxServer(SandboxConfig(port=0)).start()
try:
    loaded = [name for name in ("fpdf", "fontTools") if name in sys.modules]
finally:
    server.stop()
print(json.dumps({"loaded": loaded, "port": server.port}))
"""


def test_the_sandbox_listens_without_loading_fpdf() -> None:
    report, _output = run_reporting_script(_START)
    assert report["port"] > 0
    assert report["loaded"] == []
