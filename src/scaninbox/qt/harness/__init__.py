"""What lets a test, a benchmark or a self-check watch the app: readiness (the inbox's first case
and the "Local files" window), the final screen grab, the self-check. It sits above the shell:
``attach_readiness`` is handed to ``run_gui`` as its ``on_controller`` hook, so the shell never
imports the harness.
"""
