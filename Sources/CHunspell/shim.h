// Hunspell's C interface (hunspell.h, from Debian's libhunspell-dev): a dictionary opened
// from its .aff and .dic files, a word checked, corrections asked for. Nothing wrapped:
// Swift imports these functions as they are.
#ifndef RULES_CHUNSPELL_SHIM_H
#define RULES_CHUNSPELL_SHIM_H

#include <hunspell.h>

#endif
