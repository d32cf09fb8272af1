/*
 * hiltool: the small helpers of the hardware-in-the-loop guest, in one static binary.
 *
 *   hiltool tone FREQ SECONDS [DBFS [PAD_MS [FADE_S]]]
 *       A sine of FREQ Hz at DBFS (peak, default -6) for SECONDS, then PAD_MS (default 300) of
 *       silence, as raw S16_LE stereo 48 kHz on stdout. The padding keeps the tone itself clear
 *       of the loopback's end-of-stream zeros. With FADE_S, the last FADE_S seconds of the tone
 *       fade out linearly (in gain) to silence. HILTOOL_FORMAT=S32_LE writes S32_LE instead;
 *       HILTOOL_WAV=1 writes a WAV file (S16_LE) instead of raw samples.
 *   Every command works at 48 kHz, or at HILTOOL_RATE Hz when that is set.
 *   hiltool level FILE [WINDOW_MS]
 *       Raw S16_LE stereo 48 kHz in, one line per window (default 100 ms) out:
 *       "START_MS RMS_DBFS PEAK_DBFS" over both channels; -200.0 stands for digital silence.
 *   hiltool active FILE [THRESHOLD_DBFS [WINDOW_MS]]
 *       One summary line of the longest run of windows louder than THRESHOLD (default -60),
 *       without its first and last window (edges): "active_windows=N stray_windows=S
 *       first_ms=A last_ms=B rms_dbfs=X freq_hz=F" (F from the left channel's rising zero
 *       crossings in that stretch; S counts loud windows outside the run).
 *   hiltool fade FILE FADE_S [EXPECTED_SILENCE_MS [TOLERANCE_MS]]
 *       Checks a fade-out to silence in a capture: finds where the final silence (below
 *       -90 dBFS until the end, at least 2 s) begins, that it begins near EXPECTED (if given),
 *       that there was sound before the fade and that the level fell during the FADE_S seconds
 *       before the silence. Prints what it measured; exit 0 when all holds, 1 otherwise.
 *   hiltool oled FRAME_HEX REGS_HEX [COLUMN_OFFSET]
 *       Compares an i2c-stub register map (256 bytes as hex, i2cdump's order) with a display
 *       frame (1024 bytes as hex, SSD1306 page layout): the command registers must hold the
 *       last page-addressing write (0xB0|page, column low, column high) and the data registers
 *       from 0x40 the start of the last data chunk of that run, which must be bytes of the frame
 *       on that page. Exit 0 when they agree, 1 otherwise.
 *   hiltool to16 FORMAT IN OUT
 *       Converts raw S32_LE or FLOAT_LE samples to S16_LE (the loopback's capture side has to
 *       take the format the playback side was opened with).
 *   hiltool seq TOKEN...
 *       PATH=VALUE writes VALUE to PATH (open, write, close); @N waits N microseconds
 *       (spinning below 5 ms, sleeping above). A write to a gpio-sim pull that makes an edge
 *       somebody listens to waits until the kernel has taken it (see cmd_seq). With
 *       --within US first, writes later than US after the first are skipped unless they are
 *       the last to their file (a bounce cut short when the machine is slow).
 *       Used for button bounce and encoder edges, whose timing a shell cannot hold under TCG.
 *   hiltool rtc [DEVICE]
 *       The real-time clock's time (RTC_RD_TIME on DEVICE, /dev/rtc0 by default, kept in UTC)
 *       as seconds since 1970: read without the box, to check what the box wrote there.
 *   hiltool warp FROM RATE SECONDS [STEP_MS]
 *       A fast wall clock: sets CLOCK_REALTIME to FROM (seconds since 1970) and then, every
 *       STEP_MS (default 250) for SECONDS of monotonic time, to FROM + RATE x the monotonic time
 *       since the start (absolute targets: no drift). Each step is a clock change a program sees
 *       as a time sync would make it; a dawn of 15 minutes passes in 2 at RATE 7.5. Prints the
 *       wall time it ended at.
 *   hiltool now
 *       CLOCK_REALTIME as seconds since 1970 with milliseconds (busybox date has whole seconds).
 *
 * Built static by hil/run.sh with the host's gcc; no dependencies beyond libc and libm.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <linux/rtc.h>
#include <time.h>
#include <unistd.h>

/* The sample rate of what is written and read: 48 kHz, or HILTOOL_RATE (set in main). */
static unsigned RATE = 48000;
#define CHANNELS 2
#define SILENCE_DB -200.0

static int die(const char *msg) {
    fprintf(stderr, "hiltool: %s\n", msg);
    return 2;
}

static int16_t *read_raw(const char *path, size_t *frames) {
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "hiltool: %s: %s\n", path, strerror(errno)); return NULL; }
    size_t cap = 1 << 20, len = 0;
    unsigned char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) { cap *= 2; buf = realloc(buf, cap); }
    }
    fclose(f);
    if (!buf) return NULL;
    *frames = len / (2 * CHANNELS);
    return (int16_t *)buf; /* little-endian host */
}

static double to_db(double x) { return x > 0 ? 20.0 * log10(x) : SILENCE_DB; }

/* RMS and peak (relative to full scale 32768) of frames [from, to). */
static void measure(const int16_t *s, size_t from, size_t to, double *rms, double *peak) {
    double sum = 0, pk = 0;
    for (size_t i = from * CHANNELS; i < to * CHANNELS; i++) {
        double v = s[i] / 32768.0;
        sum += v * v;
        if (fabs(v) > pk) pk = fabs(v);
    }
    size_t n = (to - from) * CHANNELS;
    *rms = n ? sqrt(sum / n) : 0;
    *peak = pk;
}

static int cmd_tone(int argc, char **argv) {
    if (argc < 2) return die("tone FREQ SECONDS [DBFS [PAD_MS [FADE_S]]]");
    double freq = atof(argv[0]), secs = atof(argv[1]);
    double dbfs = argc > 2 ? atof(argv[2]) : -6.0;
    double pad_ms = argc > 3 ? atof(argv[3]) : 300.0;
    double fade_s = argc > 4 ? atof(argv[4]) : 0.0;
    double amp = pow(10.0, dbfs / 20.0) * 32767.0;
    size_t frames = (size_t)(secs * RATE), pad = (size_t)(pad_ms * RATE / 1000.0);
    size_t fade = (size_t)(fade_s * RATE);
    if (fade > frames) fade = frames;
    int16_t out[2 * 1024];
    size_t k = 0;
    const char *fmt = getenv("HILTOOL_FORMAT");
    int s32 = fmt && !strcmp(fmt, "S32_LE");
    const char *wav = getenv("HILTOOL_WAV");
    if (wav && !strcmp(wav, "1")) {
        /* The canonical 44-byte header: PCM, 2 channels, 16 bits. */
        uint32_t data = (uint32_t)((frames + pad) * 4), riff = 36 + data, fmt_len = 16, rate = RATE, bytes = RATE * 4;
        uint16_t pcm = 1, channels = 2, align = 4, bits = 16;
        s32 = 0;
        fwrite("RIFF", 1, 4, stdout); fwrite(&riff, 4, 1, stdout); fwrite("WAVEfmt ", 1, 8, stdout);
        fwrite(&fmt_len, 4, 1, stdout); fwrite(&pcm, 2, 1, stdout); fwrite(&channels, 2, 1, stdout);
        fwrite(&rate, 4, 1, stdout); fwrite(&bytes, 4, 1, stdout); fwrite(&align, 2, 1, stdout);
        fwrite(&bits, 2, 1, stdout); fwrite("data", 1, 4, stdout); fwrite(&data, 4, 1, stdout);
    }
    for (size_t i = 0; i < frames + pad; i++) {
        double g = i + fade < frames ? 1.0 : i < frames ? (double)(frames - i) / (double)fade : 0.0;
        int16_t v = i < frames ? (int16_t)lrint(g * amp * sin(2 * M_PI * freq * (double)i / RATE)) : 0;
        if (s32) {
            int32_t w[2] = { (int32_t)v * 65536, (int32_t)v * 65536 };
            fwrite(w, 4, 2, stdout);
            continue;
        }
        out[k++] = v;
        out[k++] = v;
        if (k == 2 * 1024) { fwrite(out, 2, k, stdout); k = 0; }
    }
    if (k) fwrite(out, 2, k, stdout);
    return fflush(stdout) == 0 ? 0 : 1;
}

static size_t window_frames(const char *ms) {
    double w = ms ? atof(ms) : 100.0;
    if (w <= 0) w = 100.0;
    return (size_t)(w * RATE / 1000.0);
}

static int cmd_level(int argc, char **argv) {
    if (argc < 1) return die("level FILE [WINDOW_MS]");
    size_t frames;
    int16_t *s = read_raw(argv[0], &frames);
    if (!s) return 2;
    size_t w = window_frames(argc > 1 ? argv[1] : NULL);
    for (size_t i = 0; i + w <= frames; i += w) {
        double rms, peak;
        measure(s, i, i + w, &rms, &peak);
        printf("%zu %.1f %.1f\n", i * 1000 / RATE, to_db(rms), to_db(peak));
    }
    free(s);
    return 0;
}

static int cmd_active(int argc, char **argv) {
    if (argc < 1) return die("active FILE [THRESHOLD_DBFS [WINDOW_MS]]");
    size_t frames;
    int16_t *s = read_raw(argv[0], &frames);
    if (!s) return 2;
    double threshold = argc > 1 ? atof(argv[1]) : -60.0;
    size_t w = window_frames(argc > 2 ? argv[2] : NULL);
    size_t nwin = frames / w;
    /* The longest run of windows above the threshold; others are counted as stray (the
       loopback's stale data at the end of a stream shows up as one). */
    size_t run_start = 0, run_len = 0, cur_start = 0, cur_len = 0, loud = 0;
    for (size_t k = 0; k < nwin; k++) {
        double rms, peak;
        measure(s, k * w, (k + 1) * w, &rms, &peak);
        if (to_db(rms) > threshold) {
            if (!cur_len) cur_start = k;
            cur_len++;
            loud++;
            if (cur_len > run_len) { run_len = cur_len; run_start = cur_start; }
        } else {
            cur_len = 0;
        }
    }
    if (run_len < 3) {
        printf("active_windows=%zu stray_windows=%zu first_ms=-1 last_ms=-1 rms_dbfs=%.1f freq_hz=0\n",
               run_len, loud - run_len, SILENCE_DB);
        free(s);
        return 1;
    }
    /* Inside the run, without its edge windows. */
    size_t a = (run_start + 1) * w, b = (run_start + run_len - 1) * w;
    double sum = 0;
    size_t rising = 0, firstx = 0, lastx = 0;
    for (size_t i = a; i < b; i++) {
        for (int c = 0; c < CHANNELS; c++) { double v = s[i * CHANNELS + c] / 32768.0; sum += v * v; }
        if (i > a && s[(i - 1) * CHANNELS] < 0 && s[i * CHANNELS] >= 0) {
            if (!rising) firstx = i;
            lastx = i;
            rising++;
        }
    }
    double rms = sqrt(sum / ((b - a) * CHANNELS));
    double freq = rising > 1 ? (double)(rising - 1) * RATE / (double)(lastx - firstx) : 0;
    printf("active_windows=%zu stray_windows=%zu first_ms=%zu last_ms=%zu rms_dbfs=%.2f freq_hz=%.1f\n",
           run_len - 2, loud - run_len, a * 1000 / RATE, b * 1000 / RATE, to_db(rms), freq);
    free(s);
    return 0;
}

static int cmd_fade(int argc, char **argv) {
    if (argc < 2) return die("fade FILE FADE_S [EXPECTED_SILENCE_MS [TOLERANCE_MS]]");
    size_t frames;
    int16_t *s = read_raw(argv[0], &frames);
    if (!s) return 2;
    double fade_s = atof(argv[1]);
    long expected = argc > 2 ? atol(argv[2]) : -1;
    long tolerance = argc > 3 ? atol(argv[3]) : 4000;
    const size_t w = RATE / 10; /* 100 ms */
    size_t nwin = frames / w;
    double *db = calloc(nwin ? nwin : 1, sizeof *db);
    for (size_t k = 0; k < nwin; k++) {
        double rms, peak;
        measure(s, k * w, (k + 1) * w, &rms, &peak);
        db[k] = to_db(rms);
    }
    free(s);
    int ok = 1;
    /* The final silence: from the last window above -90 dBFS to the end. */
    long lastloud = -1;
    for (size_t k = 0; k < nwin; k++) if (db[k] > -90.0) lastloud = (long)k;
    long onset = lastloud + 1; /* window index */
    long silent_ms = ((long)nwin - onset) * 100;
    printf("capture_ms=%zu silence_from_ms=%ld silent_ms=%ld\n", nwin * 100, onset * 100, silent_ms);
    if (lastloud < 0) { printf("no sound at all in the capture\n"); free(db); return 1; }
    if (silent_ms < 2000) { printf("not silent at the end (needs 2000 ms of silence)\n"); ok = 0; }
    if (expected >= 0) {
        long err = onset * 100 - expected;
        printf("expected_silence_ms=%ld error_ms=%ld tolerance_ms=%ld\n", expected, err, tolerance);
        if (labs(err) > tolerance) ok = 0;
    }
    long fw = (long)(fade_s * 10 + 0.5); /* fade in windows */
    long fade_start = onset - fw;
    /* Before the fade: the loudest window of the 6 s before it; during it: per-second maxima. */
    double pre = SILENCE_DB;
    for (long k = fade_start - 60; k < fade_start; k++) if (k >= 0 && db[k] > pre) pre = db[k];
    printf("before_fade_max_dbfs=%.1f\n", pre);
    if (pre < -60.0) { printf("no sound before the fade\n"); ok = 0; }
    double first_half = SILENCE_DB, second_half = SILENCE_DB, last_second = SILENCE_DB;
    printf("fade_envelope_dbfs=");
    for (long k = fade_start < 0 ? 0 : fade_start; k < onset; k++) {
        if (k - fade_start < fw / 2) { if (db[k] > first_half) first_half = db[k]; }
        else if (db[k] > second_half) second_half = db[k];
        if (k >= onset - 10 && db[k] > last_second) last_second = db[k];
        if ((k - fade_start) % 5 == 0) printf("%s%.1f", k == fade_start ? "" : ",", db[k]);
    }
    printf("\nfade_first_half_max=%.1f fade_second_half_max=%.1f last_second_max=%.1f\n",
           first_half, second_half, last_second);
    /* Falling along the fade: the second half clearly below the first, the last second well
       below the level before the fade. */
    if (!(second_half < first_half - 3.0)) { printf("the level did not fall during the fade\n"); ok = 0; }
    if (!(last_second < pre - 10.0)) { printf("the last second of the fade is not 10 dB below before\n"); ok = 0; }
    free(db);
    return ok ? 0 : 1;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static long parse_hex(const char *hex, unsigned char *out, size_t max) {
    size_t n = 0;
    int hi = -1;
    for (const char *p = hex; *p; p++) {
        int v = hexval(*p);
        if (v < 0) continue; /* spaces, separators */
        if (hi < 0) hi = v;
        else { if (n == max) return -1; out[n++] = (unsigned char)(hi << 4 | v); hi = -1; }
    }
    return (long)n;
}

static int cmd_oled(int argc, char **argv) {
    if (argc < 2) return die("oled FRAME_HEX REGS_HEX [COLUMN_OFFSET]");
    unsigned char frame[1024], regs[256];
    if (parse_hex(argv[0], frame, sizeof frame) != 1024) return die("the frame needs 1024 bytes");
    if (parse_hex(argv[1], regs, sizeof regs) != 256) return die("the register map needs 256 bytes");
    int offset = argc > 2 ? atoi(argv[2]) : 0;
    if ((regs[0] & 0xF8) != 0xB0 || (regs[1] & 0xF0) != 0x00 || (regs[2] & 0xF0) != 0x10) {
        printf("command registers 00-02 = %02x %02x %02x: not a page-addressing write (B0|page, 0x0L, 0x1H)\n",
               regs[0], regs[1], regs[2]);
        return 1;
    }
    int page = regs[0] & 7;
    int column = ((regs[1] & 0x0F) | (regs[2] & 0x0F) << 4) - offset;
    if (column < 0 || column > 127) { printf("column %d is outside the panel\n", column); return 1; }
    /* The run starts at `column`; its chunks of 32 start at column + 32k. The registers hold the
       last chunk, whose length is unknown (bytes after it are from earlier chunks): take the
       chunk start with the longest match. */
    int best_k = -1, best_len = 0, best_nonzero = 0;
    for (int k = 0; column + 32 * k < 128; k++) {
        int start = column + 32 * k, len = 0, nonzero = 0;
        while (len < 32 && start + len < 128 && regs[0x40 + len] == frame[page * 128 + start + len]) {
            if (regs[0x40 + len]) nonzero++;
            len++;
        }
        if (len > best_len) { best_k = k; best_len = len; best_nonzero = nonzero; }
    }
    printf("last write: page %d column %d; data registers 40-5f:", page, column);
    for (int i = 0; i < 32; i++) printf(" %02x", regs[0x40 + i]);
    printf("\n");
    if (best_k < 0) {
        printf("frame page %d from column %d:", page, column);
        for (int i = 0; i < 32 && column + i < 128; i++) printf(" %02x", frame[page * 128 + column + i]);
        printf("\nno chunk of that run matches the data registers\n");
        return 1;
    }
    printf("matches the frame at page %d columns %d-%d (%d bytes, %d of them lit)\n", page,
           column + 32 * best_k, column + 32 * best_k + best_len - 1, best_len, best_nonzero);
    return best_nonzero > 0 ? 0 : (printf("only blank bytes matched: not conclusive\n"), 1);
}

static int cmd_to16(int argc, char **argv) {
    if (argc < 3) return die("to16 S32_LE|FLOAT_LE IN OUT");
    int is_float = !strcmp(argv[0], "FLOAT_LE");
    if (!is_float && strcmp(argv[0], "S32_LE")) return die("to16: S32_LE or FLOAT_LE");
    FILE *in = fopen(argv[1], "rb"), *out = fopen(argv[2], "wb");
    if (!in || !out) { fprintf(stderr, "hiltool to16: %s\n", strerror(errno)); return 2; }
    unsigned char b[4];
    while (fread(b, 1, 4, in) == 4) {
        int32_t v;
        memcpy(&v, b, 4);
        int16_t o;
        if (is_float) {
            float f;
            memcpy(&f, b, 4);
            double x = f * 32768.0;
            o = (int16_t)(x > 32767 ? 32767 : x < -32768 ? -32768 : lrint(x));
        } else {
            o = (int16_t)(v >> 16);
        }
        fwrite(&o, 2, 1, out);
    }
    fclose(in);
    return fclose(out) == 0 ? 0 : 1;
}

/* --- seq: writes with delivery sync ------------------------------------------------------------
 *
 * gpio-sim raises a line's interrupt through irq_sim, and gpiolib's v1 line events (libgpiod 1.6)
 * use a oneshot threaded handler: the interrupt stays masked until the thread has read the line
 * and queued the event, and irq_sim drops an edge that comes while it is masked. Under TCG that
 * thread can lag by a millisecond or more, so a fast toggle would be lost (or read with the wrong
 * direction), which no real GPIO controller does. So after each write that changes a line
 * somebody listens to, seq waits until the kernel has taken the edge: the interrupt counted and
 * the line's irq thread back asleep (its voluntary context switches went up). The delays (@N)
 * count from then. To keep that short, seq runs on the CPU of the irq thread (see below).
 * HILTOOL_VERBOSE=1 prints each edge's delivery time; HILTOOL_NOSYNC=1 writes without waiting
 * (to see the drops); HILTOOL_NOPIN=1 does not move seq to the thread's CPU.
 */
static int read_file(const char *path, char *buf, size_t len) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, len - 1);
    close(fd);
    if (n < 0) return -1;
    buf[n] = 0;
    return (int)n;
}

static long long now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000LL + t.tv_nsec / 1000;
}

/* The irq of gpio-sim line `offset` if somebody requested it (irq_sim chip, an action). */
static int line_irq(int offset) {
    char path[300], buf[256];
    int found = -1;
    DIR *d = opendir("/sys/kernel/irq");
    struct dirent *e;
    while (d && found < 0 && (e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "/sys/kernel/irq/%s/chip_name", e->d_name);
        if (read_file(path, buf, sizeof buf) < 0 || strncmp(buf, "irq_sim", 7)) continue;
        snprintf(path, sizeof path, "/sys/kernel/irq/%s/hwirq", e->d_name);
        if (read_file(path, buf, sizeof buf) < 0 || atoi(buf) != offset) continue;
        snprintf(path, sizeof path, "/sys/kernel/irq/%s/actions", e->d_name);
        if (read_file(path, buf, sizeof buf) > 1) found = atoi(e->d_name); /* somebody listens */
    }
    if (d) closedir(d);
    return found;
}

/* The pid of the irq's thread ("irq/N-label"), or -1. */
static int irq_thread(int irq) {
    char prefix[32], path[300], buf[64];
    int len = snprintf(prefix, sizeof prefix, "irq/%d-", irq), found = -1;
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d && found < 0 && (e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "/proc/%s/comm", e->d_name);
        if (read_file(path, buf, sizeof buf) > 0 && !strncmp(buf, prefix, len)) found = atoi(e->d_name);
    }
    if (d) closedir(d);
    return found;
}

/* pread at 0 of a sysfs or proc file (they regenerate their text on each read from 0). */
static int pread_text(int fd, char *buf, size_t len) {
    ssize_t n = pread(fd, buf, len - 1, 0);
    if (n < 0) return -1;
    buf[n] = 0;
    return (int)n;
}

static long irq_count(int fd) { /* the sum of per_cpu_count "a,b,..." */
    char buf[512];
    if (fd < 0 || pread_text(fd, buf, sizeof buf) < 0) return -1;
    long sum = 0;
    for (char *p = buf; *p;) { sum += strtol(p, &p, 10); while (*p == ',' || *p == '\n') p++; }
    return sum;
}

static long voluntary_switches(int fd) { /* from /proc/PID/status */
    char buf[4096];
    if (fd < 0 || pread_text(fd, buf, sizeof buf) < 0) return -1;
    char *p = strstr(buf, "\nvoluntary_ctxt_switches:");
    return p ? atol(p + 25) : -1;
}

static void spin_until(long long t) { while (now_us() < t) {} }

/* What seq knows about one gpio-sim pull file: the line's value as last written, the line's irq
   (if somebody listens) with its count file, and the irq thread's status file. */
struct line { char path[256]; int value, irq, count_fd, status_fd, thread; };

static struct line *line_for(struct line *lines, int *n, const char *path) {
    for (int k = 0; k < *n; k++) if (!strcmp(lines[k].path, path)) return &lines[k];
    if (*n == 16) return NULL;
    struct line *l = &lines[(*n)++];
    snprintf(l->path, sizeof l->path, "%s", path);
    l->value = -1, l->irq = -1, l->count_fd = -1, l->status_fd = -1, l->thread = -1;
    const char *g = strstr(path, "sim_gpio"), *pull = strstr(path, "/pull");
    if (!g || !pull) return l;
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s/value", (int)(pull - path), path);
    char cur[16];
    if (read_file(buf, cur, sizeof cur) > 0) l->value = atoi(cur);
    if ((l->irq = line_irq(atoi(g + 8))) > 0) {
        snprintf(buf, sizeof buf, "/sys/kernel/irq/%d/per_cpu_count", l->irq);
        l->count_fd = open(buf, O_RDONLY);
        int pid = irq_thread(l->irq);
        l->thread = pid;
        if (pid > 0) {
            snprintf(buf, sizeof buf, "/proc/%d/status", pid);
            l->status_fd = open(buf, O_RDONLY);
        }
    }
    return l;
}

static int cmd_seq(int argc, char **argv) {
    int verbose = getenv("HILTOOL_VERBOSE") != NULL, nosync = getenv("HILTOOL_NOSYNC") != NULL;
    struct line lines[16];
    int nlines = 0, late = 0, edges = 0, shortened = 0;
    long within = -1;
    if (argc >= 2 && !strcmp(argv[0], "--within")) {
        within = atol(argv[1]);
        argc -= 2;
        argv += 2;
    }
    long long t_start = now_us(), t_first = -1, t_last = -1;
    /* Look every pull file up before the first write, so the lookups do not stretch the edges. */
    for (int i = 0; i < argc; i++) {
        char *eq = strrchr(argv[i], '=');
        if (argv[i][0] == '@') continue;
        if (!eq) { fprintf(stderr, "hiltool seq: %s is neither PATH=VALUE nor @US\n", argv[i]); return 2; }
        *eq = 0;
        line_for(lines, &nlines, argv[i]);
        *eq = '=';
    }
    /* Run on the CPU where the lines' irq thread last ran: woken by our write's interrupt, the
       (real-time) thread then preempts us on the way back from the write, so the edge is taken
       before the next one, as fast as the machine allows. HILTOOL_NOPIN=1 leaves us anywhere. */
    for (int k = 0; k < nlines && !getenv("HILTOOL_NOPIN"); k++) {
        if (lines[k].thread <= 0) continue;
        char path[64], buf[1024];
        snprintf(path, sizeof path, "/proc/%d/stat", lines[k].thread);
        if (read_file(path, buf, sizeof buf) <= 0) continue;
        char *p = strrchr(buf, ')');
        int field = 2, cpu = -1;
        for (; p && *p; p++) if (*p == ' ' && ++field == 39) { cpu = atoi(p + 1); break; }
        if (cpu >= 0) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(cpu, &set);
            if (sched_setaffinity(0, sizeof set, &set) == 0 && verbose)
                fprintf(stderr, "hiltool seq: on cpu %d with irq/%d's thread\n", cpu, lines[k].irq);
        }
        break;
    }
    for (int i = 0; i < argc; i++) {
        /* Past the --within window (counted from the first write) the bounce is cut short: every
           line goes straight to the value its last write gives it, and the delays are dropped. */
        if (within >= 0 && t_first >= 0 && now_us() - t_first > within) {
            if (argv[i][0] == '@') continue;
            char *eq = strrchr(argv[i], '=');
            *eq = 0;
            int final_here = 1;
            for (int j = i + 1; j < argc; j++) {
                char *e2 = strrchr(argv[j], '=');
                if (argv[j][0] != '@' && e2 && !strncmp(argv[j], argv[i], (size_t)(e2 - argv[j])) &&
                    argv[j][e2 - argv[j]] == '=' && (size_t)(e2 - argv[j]) == strlen(argv[i])) { final_here = 0; break; }
            }
            *eq = '=';
            if (!final_here) { shortened++; continue; } /* a later write to this line decides */
        }
        if (argv[i][0] == '@') {
            long us = atol(argv[i] + 1);
            if (us < 5000) { spin_until(now_us() + us); continue; } /* a sleep would overshoot */
            struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
            while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
            continue;
        }
        char *eq = strrchr(argv[i], '=');
        *eq = 0;
        const char *path = argv[i], *value = eq + 1;
        struct line *l = line_for(lines, &nlines, path);
        int want = !strcmp(value, "pull-up") ? 1 : !strcmp(value, "pull-down") ? 0 : -1;
        /* An edge somebody gets: wait for the kernel to take it. */
        int sync = l && l->irq > 0 && want >= 0 && want != l->value && !nosync;
        long count0 = sync ? irq_count(l->count_fd) : 0;
        long switches0 = sync ? voluntary_switches(l->status_fd) : 0;
        int fd = open(path, O_WRONLY);
        if (fd < 0) { fprintf(stderr, "hiltool seq: %s: %s\n", path, strerror(errno)); return 1; }
        long long t0 = now_us();
        size_t len = strlen(value);
        if (write(fd, value, len) != (ssize_t)len) {
            fprintf(stderr, "hiltool seq: writing %s to %s: %s\n", value, path, strerror(errno));
            close(fd);
            return 1;
        }
        close(fd);
        if (l && want >= 0) {
            if (want != l->value && l->irq > 0) edges++;
            l->value = want;
        }
        if (t_first < 0) t_first = t0;
        t_last = t0;
        if (!sync) continue;
        /* Yield while waiting: the irq thread and the reader may need this CPU. */
        long long deadline = t0 + 250000;
        while (irq_count(l->count_fd) <= count0 && now_us() < deadline) sched_yield();
        while (l->status_fd >= 0 && voluntary_switches(l->status_fd) <= switches0 && now_us() < deadline)
            sched_yield();
        int timed_out = now_us() >= deadline;
        late += timed_out;
        if (verbose)
            fprintf(stderr, "hiltool seq: %s %s: irq %d taken after %lld us%s\n", path, value, l->irq,
                    now_us() - t0, timed_out ? " (TIMED OUT)" : "");
    }
    if (verbose)
        fprintf(stderr, "hiltool seq: edges=%d span_us=%lld total_us=%lld late=%d shortened=%d\n", edges,
                t_last - t_first, now_us() - t_start, late, shortened);
    if (late) fprintf(stderr, "hiltool seq: %d edge(s) not taken within 250 ms\n", late);
    return 0;
}

static int cmd_rtc(int argc, char **argv) {
    const char *dev = argc > 0 ? argv[0] : "/dev/rtc0";
    int fd = open(dev, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { fprintf(stderr, "hiltool rtc: %s: %s\n", dev, strerror(errno)); return 1; }
    struct rtc_time t;
    memset(&t, 0, sizeof t);
    if (ioctl(fd, RTC_RD_TIME, &t) != 0) {
        fprintf(stderr, "hiltool rtc: RTC_RD_TIME %s: %s\n", dev, strerror(errno));
        close(fd);
        return 1;
    }
    close(fd);
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    tm.tm_sec = t.tm_sec; tm.tm_min = t.tm_min; tm.tm_hour = t.tm_hour;
    tm.tm_mday = t.tm_mday; tm.tm_mon = t.tm_mon; tm.tm_year = t.tm_year;
    printf("%lld\n", (long long)timegm(&tm));
    return 0;
}

static int cmd_warp(int argc, char **argv) {
    if (argc < 3) return die("warp FROM RATE SECONDS [STEP_MS]");
    double from = atof(argv[0]), rate = atof(argv[1]), seconds = atof(argv[2]);
    long step_ms = argc > 3 ? atol(argv[3]) : 250;
    if (rate <= 0 || seconds <= 0 || step_ms <= 0) return die("warp: RATE, SECONDS and STEP_MS must be positive");
    struct timespec m0, m, w;
    clock_gettime(CLOCK_MONOTONIC, &m0);
    for (long k = 0;; k++) {
        clock_gettime(CLOCK_MONOTONIC, &m);
        double elapsed = (m.tv_sec - m0.tv_sec) + (m.tv_nsec - m0.tv_nsec) / 1e9;
        double target = from + rate * (elapsed < seconds ? elapsed : seconds);
        w.tv_sec = (time_t)target;
        w.tv_nsec = (long)((target - (double)w.tv_sec) * 1e9);
        if (clock_settime(CLOCK_REALTIME, &w) != 0) {
            fprintf(stderr, "hiltool warp: clock_settime: %s\n", strerror(errno));
            return 1;
        }
        if (elapsed >= seconds) {
            printf("%.3f\n", target);
            return 0;
        }
        /* The next step on the monotonic grid. */
        double next = (k + 1) * step_ms / 1000.0;
        if (next > seconds) next = seconds;
        double wait = next - elapsed;
        if (wait > 0) usleep((useconds_t)(wait * 1e6));
    }
}

static int cmd_now(void) {
    struct timespec w;
    clock_gettime(CLOCK_REALTIME, &w);
    printf("%lld.%03ld\n", (long long)w.tv_sec, w.tv_nsec / 1000000);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) return die("tone|level|active|fade|oled|seq|to16|rtc|warp|now ... (see the source)");
    const char *c = argv[1];
    const char *rate = getenv("HILTOOL_RATE");
    if (rate && atoi(rate) > 0) RATE = (unsigned)atoi(rate);
    argc -= 2;
    argv += 2;
    if (!strcmp(c, "tone")) return cmd_tone(argc, argv);
    if (!strcmp(c, "level")) return cmd_level(argc, argv);
    if (!strcmp(c, "active")) return cmd_active(argc, argv);
    if (!strcmp(c, "fade")) return cmd_fade(argc, argv);
    if (!strcmp(c, "oled")) return cmd_oled(argc, argv);
    if (!strcmp(c, "seq")) return cmd_seq(argc, argv);
    if (!strcmp(c, "to16")) return cmd_to16(argc, argv);
    if (!strcmp(c, "rtc")) return cmd_rtc(argc, argv);
    if (!strcmp(c, "warp")) return cmd_warp(argc, argv);
    if (!strcmp(c, "now")) return cmd_now();
    return die("unknown command");
}
