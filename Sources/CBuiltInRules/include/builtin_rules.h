// The built-in rules' index files, carried in the binary as their own bytes.
//
// Each is a file of Fixtures/rules-ru/index, taken in whole by the compiler (#embed in
// builtin_rules.c), so that the binary reads the built-in index in place, from pages the
// kernel maps from the executable on first touch: nothing is decoded or copied at start.
#ifndef RULES_BUILTIN_RULES_H
#define RULES_BUILTIN_RULES_H

#include <stddef.h>

// A file's bytes, aligned to 64, and its size.
typedef struct {
    const unsigned char *bytes;
    size_t size;
} rules_builtin_file;

// Fixtures/rules-ru/index/rules-index.bin: the binary form of the index.
rules_builtin_file rules_builtin_index(void);
// Fixtures/rules-ru/index/rules-texts.bin: the chapter texts for snippets.
rules_builtin_file rules_builtin_texts(void);
// Fixtures/rules-ru/index/rules-words.bin: the vocabulary for suggestions.
rules_builtin_file rules_builtin_words(void);

#endif
