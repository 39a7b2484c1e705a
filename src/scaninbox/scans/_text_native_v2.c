/* The x86-64-v2 build of _text_native.c (SSSE3, SSE4.1, POPCNT): the same source, compiled with
   those instructions allowed (pyproject.toml gives the flags), as its own module. A file of its own
   rather than the same source listed twice, so that the two builds' object files never share a
   path in setuptools' build directory. */
#define TEXT_NATIVE_V2 1
#include "_text_native.c"
