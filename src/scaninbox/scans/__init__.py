"""scans"""
