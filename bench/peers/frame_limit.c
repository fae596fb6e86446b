/*
 * The peer for the frame rows of scripts/bench: what a frame costs when nothing stands between the springs and the
 * numbers. NUMBERS springs, each retargeted every 96 frames (an open or a close at 120 fps), are sampled once a
 * frame from their closed form into one flat array; with a log file, each frame is also written as one JSON line,
 * the numbers formatted to 3 decimals with integer arithmetic into a buffer that is written out when full.
 *
 *   frame_limit NUMBERS FRAMES [LOGFILE]      prints the microseconds a frame, then a checksum
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

typedef struct { double omega, zeta, from, to; } Spring;

/* A spring's value `t` seconds after it was retargeted from `from` to `to` (at rest when it started). */
static double sample(const Spring *s, double t) {
    double d = s->from - s->to, w = s->omega, z = s->zeta;
    if (z < 1) {
        double wd = w * sqrt(1 - z * z);
        return s->to + d * exp(-z * w * t) * (cos(wd * t) + (z * w / wd) * sin(wd * t));
    }
    return s->to + d * exp(-w * t) * (1 + w * t);
}

static char buffer[1 << 16];
static size_t used;
static int fd = -1;

static void flush(void) {
    size_t done = 0;
    while (done < used) {
        ssize_t n = write(fd, buffer + done, used - done);
        if (n <= 0) { perror("frame_limit: write"); exit(1); }
        done += (size_t)n;
    }
    used = 0;
}

static void put(const char *text, size_t n) {
    if (used + n > sizeof buffer) flush();
    memcpy(buffer + used, text, n);
    used += n;
}

/* `x` to 3 decimals, trailing zeros dropped, with integer arithmetic only. */
static void number(double x) {
    char digits[32];
    int n = 0;
    int64_t m = llround(x * 1000);
    if (m < 0) { put("-", 1); m = -m; }
    int64_t whole = m / 1000, frac = m % 1000;
    do { digits[n++] = (char)('0' + whole % 10); whole /= 10; } while (whole);
    char out[40];
    int k = 0;
    while (n) out[k++] = digits[--n];
    if (frac) {
        out[k++] = '.';
        out[k++] = (char)('0' + frac / 100);
        if (frac % 100) { out[k++] = (char)('0' + frac / 10 % 10); if (frac % 10) out[k++] = (char)('0' + frac % 10); }
    }
    put(out, (size_t)k);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: frame_limit NUMBERS FRAMES [LOGFILE]\n"); return 2; }
    int count = atoi(argv[1]), frames = atoi(argv[2]);
    if (count < 1 || frames < 1) { fprintf(stderr, "frame_limit: NUMBERS and FRAMES must be positive\n"); return 2; }
    if (argc > 3 && (fd = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) { perror(argv[3]); return 1; }
    Spring *springs = calloc((size_t)count, sizeof *springs);
    double *values = calloc((size_t)count, sizeof *values);
    char (*names)[16] = calloc((size_t)count, sizeof *names);
    for (int i = 0; i < count; i++) {
        double duration = 0.3 + 0.4 * (i % 5) / 4, bounce = 0.3 * (i % 4) / 3;
        springs[i] = (Spring){ 2 * M_PI / duration, 1 - bounce, 0, 100 + i };
        snprintf(names[i], sizeof names[i], "\"n%d\":", i);
    }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    double sum = 0;
    for (int f = 0; f < frames; f++) {
        double t = (f % 96) / 120.0;
        if (f % 96 == 0 && f > 0)
            for (int i = 0; i < count; i++) { springs[i].from = values[i]; springs[i].to = springs[i].to > 50 ? 0 : 100 + i; }
        for (int i = 0; i < count; i++) values[i] = sample(&springs[i], t);
        if (fd >= 0) {
            put("{\"frame\":", 9); number(f + 1); put(",\"t\":", 5); number((f + 1) / 120.0); put(",\"p\":{", 6);
            for (int i = 0; i < count; i++) { if (i) put(",", 1); put(names[i], strlen(names[i])); number(values[i]); }
            put("}}\n", 3);
        }
        sum += values[f % count];
    }
    if (fd >= 0) { flush(); close(fd); }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double us = ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / 1e3 / frames;
    /* The sum keeps the sampling from being optimised away. */
    printf("%.4f\nchecksum %.3f\n", us, sum);
    return 0;
}
