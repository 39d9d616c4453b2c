// The built-in rules' index files, taken into the object file by the compiler (#embed,
// C23): see include/builtin_rules.h. The paths are from this file's folder; a changed
// file is a changed dependency, so the next build takes it in again.
#include "builtin_rules.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

__attribute__((aligned(64))) static const unsigned char index_bytes[] = {
#embed "../../Fixtures/rules-ru/index/rules-index.bin"
};

__attribute__((aligned(64))) static const unsigned char texts_bytes[] = {
#embed "../../Fixtures/rules-ru/index/rules-texts.bin"
};

__attribute__((aligned(64))) static const unsigned char words_bytes[] = {
#embed "../../Fixtures/rules-ru/index/rules-words.bin"
};

rules_builtin_file rules_builtin_index(void) { return (rules_builtin_file){ index_bytes, sizeof index_bytes }; }
rules_builtin_file rules_builtin_texts(void) { return (rules_builtin_file){ texts_bytes, sizeof texts_bytes }; }
rules_builtin_file rules_builtin_words(void) { return (rules_builtin_file){ words_bytes, sizeof words_bytes }; }
