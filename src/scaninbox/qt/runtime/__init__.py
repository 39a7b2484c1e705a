"""The Qt runtime: the asyncio event loop on Qt, the bridge from coroutines to widgets, the garbage
collector.
"""
