"""What lets a test, a benchmark or a self-check watch the app: readiness, the final screen grab,
the start-up trace, the self-check.
"""
