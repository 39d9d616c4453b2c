// A tiny shim over libpcre2-8: PCRE2's API names are macros that expand to width-suffixed
// functions (pcre2_compile -> pcre2_compile_8), and Swift imports no function-like macros.
// These inline wrappers give Swift one plain name for each call the engine makes.
#ifndef RULES_CPCRE2_SHIM_H
#define RULES_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

typedef pcre2_code_8 cpcre2_code;
typedef pcre2_match_data_8 cpcre2_match_data;
typedef pcre2_match_context_8 cpcre2_match_context;

static inline cpcre2_code *cpcre2_compile(const unsigned char *pattern, size_t length,
                                          uint32_t options, int *errorcode, size_t *erroroffset) {
    return pcre2_compile_8(pattern, length, options, errorcode, erroroffset, NULL);
}

static inline int cpcre2_jit_compile(cpcre2_code *code) {
    return pcre2_jit_compile_8(code, PCRE2_JIT_COMPLETE);
}

static inline void cpcre2_code_free(cpcre2_code *code) { pcre2_code_free_8(code); }

static inline uint32_t cpcre2_capture_count(const cpcre2_code *code) {
    uint32_t count = 0;
    pcre2_pattern_info_8(code, PCRE2_INFO_CAPTURECOUNT, &count);
    return count;
}

static inline cpcre2_match_data *cpcre2_match_data_create(const cpcre2_code *code) {
    return pcre2_match_data_create_from_pattern_8(code, NULL);
}

static inline void cpcre2_match_data_free(cpcre2_match_data *data) { pcre2_match_data_free_8(data); }

/* Room for this many groups (and the whole match) in the thread's shared match data. */
#define CPCRE2_SHARED_GROUPS 63

/* One match data block per thread, shared by the patterns with up to CPCRE2_SHARED_GROUPS
   groups: PCRE2 gives a block a 20 KiB frame vector on its first interpreted match, which
   every pattern the search builds for one use would otherwise pay for, and keep while
   cached. A match's offsets are read before the next match on the thread. The block lives
   as long as its thread (the process's few workers), and is not freed. */
static inline cpcre2_match_data *cpcre2_thread_match_data(void) {
    static _Thread_local cpcre2_match_data *data = NULL;
    if (!data) data = pcre2_match_data_create_8(CPCRE2_SHARED_GROUPS + 1, NULL);
    return data;
}

/* The JIT's stack as PHP gives it: 32 KiB growing to 192 KiB (PCRE_JIT_STACK_MIN_SIZE and
   _MAX_SIZE), one for each thread, as PHP keeps one for each (a stack is not to be used by
   two matches at once). Made on a thread's first JIT match; lives as long as its thread. */
static inline pcre2_jit_stack_8 *cpcre2_thread_jit_stack(void *unused) {
    (void)unused;
    static _Thread_local pcre2_jit_stack_8 *stack = NULL;
    if (!stack) stack = pcre2_jit_stack_create_8(32 * 1024, 192 * 1024, NULL);
    return stack;   /* NULL (no memory): PCRE2 then uses its own 32 KiB on the machine stack */
}

static inline cpcre2_match_context *cpcre2_match_context_create(uint32_t match_limit, uint32_t depth_limit) {
    cpcre2_match_context *context = pcre2_match_context_create_8(NULL);
    if (context) {
        pcre2_set_match_limit_8(context, match_limit);
        pcre2_set_depth_limit_8(context, depth_limit);
        pcre2_jit_stack_assign_8(context, cpcre2_thread_jit_stack, NULL);
    }
    return context;
}

static inline void cpcre2_match_context_free(cpcre2_match_context *context) {
    pcre2_match_context_free_8(context);
}

static inline int cpcre2_match(const cpcre2_code *code, const unsigned char *subject, size_t length,
                               size_t start, uint32_t options, cpcre2_match_data *data,
                               cpcre2_match_context *context) {
    return pcre2_match_8(code, subject, length, start, options, data, context);
}

/// The JIT's fast path: no argument checks and no fall-back to the interpreter. Only for
/// patterns the JIT compiled, and without match-time PCRE2_ANCHORED (the JIT ignores it).
static inline int cpcre2_jit_match(const cpcre2_code *code, const unsigned char *subject, size_t length,
                                   size_t start, uint32_t options, cpcre2_match_data *data,
                                   cpcre2_match_context *context) {
    return pcre2_jit_match_8(code, subject, length, start, options, data, context);
}

/// True when the JIT compiled the pattern completely.
static inline int cpcre2_jit_compiled(const cpcre2_code *code) {
    size_t size = 0;
    return pcre2_pattern_info_8(code, PCRE2_INFO_JITSIZE, &size) == 0 && size > 0;
}

/// Start and end of capture `group` of the last match; PCRE2_UNSET for an unset group.
static inline void cpcre2_ovector_pair(cpcre2_match_data *data, uint32_t group, size_t *start, size_t *end) {
    PCRE2_SIZE *ovector = pcre2_get_ovector_pointer_8(data);
    *start = ovector[2 * group];
    *end = ovector[2 * group + 1];
}

static inline size_t cpcre2_unset(void) { return PCRE2_UNSET; }
static inline size_t cpcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }

/// The message PCRE2 gives for an error code, into `buffer`.
static inline int cpcre2_error_message(int code, unsigned char *buffer, size_t size) {
    return pcre2_get_error_message_8(code, buffer, size);
}

#endif
