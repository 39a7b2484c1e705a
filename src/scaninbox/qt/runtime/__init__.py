"""The Qt runtime: the asyncio event loop on Qt, the bridge from coroutines to widgets, the garbage
collector, the start-up trace (``SCANINBOX_STARTUP_TRACE``: every room may mark a milestone).
"""
