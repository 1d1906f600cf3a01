/* SPDX-License-Identifier: BSD-3-Clause */
/* The host drivers' scratch, kept by each thread from one call to the
   next: a call whose scratch fits the one its thread already holds
   allocates nothing and faults no page in. tdls_free_host_scratch frees
   the calling thread's; a thread's is also freed when the thread exits. */
#include <stddef.h>
#include <stdlib.h>

#include <tdls.h>

#include "batch.h"

/* Keeping needs a per-thread value with a destructor (C11 threads, glibc
   2.28 on); where there is none, every call allocates and frees its own. */
#if defined(__has_include) && !defined(__STDC_NO_THREADS__)
#if __has_include(<threads.h>)
#include <threads.h>
#define TDLS_HOST_SCRATCH_KEPT 1
#endif
#endif

/* A kept buffer opens with one cache line holding its usable size; the
   drivers get the 64-byte aligned bytes after it. */
enum { TDLS_HS_HEAD = 64 };

static unsigned char *tdls_hs_new(size_t bytes) {
    if (bytes > (size_t)-1 - 2 * TDLS_HS_HEAD)
        return NULL;
    /* aligned_alloc wants a multiple of the alignment. */
    const size_t total = TDLS_HS_HEAD + (bytes + TDLS_HS_HEAD - 1) / TDLS_HS_HEAD * TDLS_HS_HEAD;
    unsigned char *const base = aligned_alloc(TDLS_HS_HEAD, total);
    if (base)
        *(size_t *)base = total - TDLS_HS_HEAD;
    return base;
}

#ifdef TDLS_HOST_SCRATCH_KEPT

static size_t tdls_hs_size(const unsigned char *base) {
    return *(const size_t *)base;
}

static tss_t tdls_hs_key;
static int tdls_hs_key_made;
static once_flag tdls_hs_once = ONCE_FLAG_INIT;

static void tdls_hs_make_key(void) {
    tdls_hs_key_made = tss_create(&tdls_hs_key, free) == thrd_success;
}

/* The calling thread's kept buffer (its base), or NULL. */
static unsigned char *tdls_hs_kept(void) {
    call_once(&tdls_hs_once, tdls_hs_make_key);
    return tdls_hs_key_made ? tss_get(tdls_hs_key) : NULL;
}

unsigned char *tdls_host_scratch(size_t bytes) {
    unsigned char *const kept = tdls_hs_kept();
    if (kept && tdls_hs_size(kept) >= bytes)
        return kept + TDLS_HS_HEAD;
    /* The new buffer first: a failure leaves the kept one for later calls. */
    unsigned char *const base = tdls_hs_new(bytes);
    if (!base)
        return NULL;
    /* Not kept when the value cannot be set: done then frees it. */
    if (tdls_hs_key_made && tss_set(tdls_hs_key, base) == thrd_success)
        free(kept);
    return base + TDLS_HS_HEAD;
}

void tdls_host_scratch_done(unsigned char *p) {
    if (p && p - TDLS_HS_HEAD != tdls_hs_kept())
        free(p - TDLS_HS_HEAD);
}

void tdls_free_host_scratch(void) {
    unsigned char *const kept = tdls_hs_kept();
    if (kept && tss_set(tdls_hs_key, NULL) == thrd_success)
        free(kept);
}

#else

unsigned char *tdls_host_scratch(size_t bytes) {
    unsigned char *const base = tdls_hs_new(bytes);
    return base ? base + TDLS_HS_HEAD : NULL;
}

void tdls_host_scratch_done(unsigned char *p) {
    if (p)
        free(p - TDLS_HS_HEAD);
}

void tdls_free_host_scratch(void) {}

#endif
