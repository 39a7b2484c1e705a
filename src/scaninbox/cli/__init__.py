"""The ``scaninbox`` command line: builds objects, calls the core, prints. No business logic."""
