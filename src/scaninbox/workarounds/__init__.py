"""Code that reaches into a dependency's internals, each module with the version it was written
for, how to see that it is still needed, and when to delete it.

Kept in one room so that an upgrade of a dependency has one place to look. Qt's and VTK's own
workarounds still live beside the code they guard (``qt/workarounds/pyside_guards.py``, the GL
wrapper lifetimes in ``qt/viewer/interactor.py``, the transport's anyio cancel scopes in
``api/transport.py``); moving them here is open work (issue 24).
"""
