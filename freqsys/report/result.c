/* freqsys/report/result.c: freeing a result and picking a writer by format name. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Frees everything the result owns, and the result itself; NULL is fine. Cannot fail. */
void result_free(result *r)
{
    if (!r)
        return;
    free(r->spec);
    free(r->mode);
    free(r->entry);
    for (size_t i = 0; i < r->nblocks; i++) {
        result_block *b = &r->blocks[i];
        free(b->function);
        free(b->block);
        free(b->file);
        free(b->status);
        free(b->method);
        free(b->successors);
        for (size_t k = 0; k < b->ncallees; k++)
            free(b->callees[k]);
        free(b->callees);
    }
    free(r->blocks);
    for (size_t i = 0; i < r->nfailures; i++)
        free(r->failures[i].kind);
    free(r->failures);
    for (size_t i = 0; i < r->nfunctions; i++) {
        free(r->functions[i].name);
        free(r->functions[i].file);
    }
    free(r->functions);
    free(r);
}

/* Dispatches to the writer named FORMAT ("text", "json", "csv"). Returns what the writer
 * returns, or -1 with errno EINVAL for an unknown or NULL format. */
int result_write(const result *r, const char *format, FILE *out)
{
    if (format && strcmp(format, "text") == 0)
        return result_write_text(r, out);
    if (format && strcmp(format, "json") == 0)
        return result_write_json(r, out);
    if (format && strcmp(format, "csv") == 0)
        return result_write_csv(r, out);
    errno = EINVAL;
    return -1;
}
