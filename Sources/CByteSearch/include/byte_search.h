// glibc's memmem, which Swift cannot import: string.h declares it only under _GNU_SOURCE.
// `rules titles` scans every title of an index as one block with it (two-way search, with
// vector loops for short needles), a million titles in a few milliseconds.
#ifndef RULES_BYTE_SEARCH_H
#define RULES_BYTE_SEARCH_H

#include <stddef.h>

// The first place of `needle` in `haystack`, or NULL; `haystack` for an empty needle.
const void *rules_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
