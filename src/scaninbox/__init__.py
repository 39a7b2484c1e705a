"""Scan Inbox: the intra-oral scan case inbox for dental laboratories and clinics."""

__all__ = ["__version__"]

__version__ = "0.1.0"
