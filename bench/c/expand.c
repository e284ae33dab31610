/* The floor in C: expand each line's placement to 8 lines of 8
 * characters and check nothing, as a minimal C solution of the classic
 * exercise would (the whole file read at once, one buffered write).
 * bench/run compiles it with cc -O2 and times it beside fen board. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: expand-c FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *in = malloc(size + 1);
    if (!in || fread(in, 1, size, file) != (size_t)size) {
        perror(argv[1]);
        return 2;
    }
    fclose(file);
    static char out[1 << 16];
    size_t used = 0;
    int first = 1;
    const char *p = in, *end = in + size;
    while (p < end) {
        const char *eol = memchr(p, '\n', end - p);
        if (!eol) eol = end;
        /* A board is at most 8 * 9 + 1 bytes: flush before one would not fit. */
        if (used + 80 > sizeof out) {
            fwrite(out, 1, used, stdout);
            used = 0;
        }
        if (!first) out[used++] = '\n';
        first = 0;
        for (const char *c = p; c < eol && *c != ' ' && used < sizeof out - 9; c++) {
            if (*c == '/') out[used++] = '\n';
            else if (*c >= '1' && *c <= '8') {
                memset(out + used, '.', *c - '0');
                used += *c - '0';
            } else out[used++] = *c;
        }
        out[used++] = '\n';
        p = eol + 1;
    }
    fwrite(out, 1, used, stdout);
    free(in);
    return 0;
}
