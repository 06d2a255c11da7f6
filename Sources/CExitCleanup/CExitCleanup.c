#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "CExitCleanup.h"

// Far more than can be in flight: a temporary file or two per writing thread, one ffmpeg.
// A file or process beyond them is simply not tracked.
enum { SLOTS = 1024 };

static _Atomic(char *) temporaries[SLOTS];
// Folders made for the output, a few a run at most.
enum { FOLDER_SLOTS = 16 };
static _Atomic(char *) folders[FOLDER_SLOTS];
static _Atomic(pid_t) processes[SLOTS];
// A sequence of staged files (`im_exit_cleanup_track_sequence`): their common prefix, and
// how many may exist (one more than the highest number created).
static _Atomic(char *) sequence_prefix;
static atomic_long sequence_count;
// Threads creating a temporary file or starting a child process to track; the handler waits
// for none to be left.
static atomic_int sections;
// Set once, by the first interrupt (or `im_exit_cleanup_remove_temporaries`).
static atomic_int ending;
// Set while a sequence is being put in place (`im_exit_cleanup_commit_sequence`): the handler
// waits for that section however long it takes, so that a sequence lands whole.
static atomic_int committing;
static atomic_int line_open;

static void hold_forever(void) {
    for (;;) pause();
}

// The signals that end the process by default and that a user or a system sends to stop it
// (a closed terminal, Ctrl-C, Ctrl-backslash, kill, a timer), and SIGABRT, which the Swift
// runtime raises when the system refuses it memory (after its message on standard error; a
// statically linked runtime adds a stack trace of its own): each is handled, so that none
// ends it with temporary files left behind, or with the backtracer's report.
static const int ending_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGABRT};

static sigset_t interrupt_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++) sigaddset(&set, ending_signals[i]);
    return set;
}

// The ending signals the handler took over: those not ignored when the process started.
// Written once by `im_exit_cleanup_install`, before any other thread runs.
static sigset_t handled;

void im_exit_cleanup_handled_signals(sigset_t *set) { *set = handled; }

// Opens a section: holds interrupts back on this thread, then counts it; `previous` receives
// the thread's signal mask. Never returns once the process is ending.
static void enter(sigset_t *previous) {
    sigset_t held = interrupt_signals();
    pthread_sigmask(SIG_BLOCK, &held, previous);
    atomic_fetch_add(&sections, 1);
    // Both sides write, then read the other's flag (sequentially consistent), so either this
    // thread sees the ending or the ending side sees this section and waits for it.
    if (atomic_load(&ending)) {
        atomic_fetch_sub(&sections, 1);
        hold_forever();
    }
}

static void leave(const sigset_t *previous) {
    atomic_fetch_sub(&sections, 1);
    pthread_sigmask(SIG_SETMASK, previous, NULL);
}

// Waits for the sections open when the ending began (each is a few system calls long; two
// seconds at most, in case a thread in one has been stopped, except for a commit, which is
// waited for to its end: a sequence half renamed would be the splice it exists to prevent).
static void wait_for_sections(void) {
    struct timespec start, now, pause_length = {0, 100000};
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (atomic_load(&sections) > 0) {
        nanosleep(&pause_length, NULL);
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec >= 2 && !atomic_load(&committing)) break;
    }
}

// The name of staged file `index` of the sequence `prefix` in `buffer` (`size` bytes): the
// prefix, the number in decimal and `.tmp`, built without allocating (a signal handler's
// call); 0 when it does not fit.
static int sequence_name(char *buffer, size_t size, const char *prefix, long index) {
    size_t length = strlen(prefix);
    char digits[24];
    int count = 0;
    unsigned long value = (unsigned long)index;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    if (length + (size_t)count + 5 > size) return 0;
    memcpy(buffer, prefix, length);
    for (int i = 0; i < count; i++) buffer[length + i] = digits[count - 1 - i];
    memcpy(buffer + length + count, ".tmp", 5);
    return 1;
}

// Bytes for a staged file's name: a path (PATH_MAX) and the number's suffix.
enum { SEQUENCE_NAME_SIZE = 4096 + 32 };

// Removes staged files 0 … `count` − 1 of the sequence `prefix` (no allocation).
static void unlink_staged(const char *prefix, long count) {
    char name[SEQUENCE_NAME_SIZE];
    for (long i = 0; i < count; i++) {
        if (sequence_name(name, sizeof name, prefix, i)) unlink(name);
    }
}

// Removes the staged files of the tracked sequence created so far, and stops tracking it.
static void remove_sequence(void) {
    // Taken, never freed here: a handler may not free.
    char *prefix = atomic_exchange(&sequence_prefix, NULL);
    if (prefix != NULL) unlink_staged(prefix, atomic_load(&sequence_count));
}

static void remove_temporaries(void) {
    remove_sequence();
    for (int i = 0; i < SLOTS; i++) {
        // Taken, never freed: the process is ending, and free is no signal handler's call.
        char *path = atomic_exchange(&temporaries[i], NULL);
        if (path != NULL) unlink(path);
    }
    // Then the folders the run made (`im_exit_cleanup_create_folder`), which the files may
    // have been in: rmdir(2) removes only an empty one, so frames already written keep theirs.
    for (int i = 0; i < FOLDER_SLOTS; i++) {
        char *path = atomic_exchange(&folders[i], NULL);
        if (path != NULL) rmdir(path);
    }
}

// Tracks `copy` (the table's own string) in a free slot of `table` (`count` slots); whether
// one was free.
static int track(_Atomic(char *) *table, int count, char *copy) {
    for (int i = 0; i < count; i++) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&table[i], &expected, copy)) return 1;
    }
    return 0;
}

static void handle(int number) {
    if (atomic_exchange(&ending, 1)) hold_forever();  // Another thread is ending the process.
    wait_for_sections();
    pid_t stopped[SLOTS];
    int count = 0;
    for (int i = 0; i < SLOTS; i++) {
        pid_t pid = atomic_exchange(&processes[i], 0);
        if (pid > 0) {
            kill(pid, SIGKILL);
            stopped[count++] = pid;
        }
    }
    // Stopped before their files go, so that none is written again.
    for (int i = 0; i < count; i++) {
        while (waitpid(stopped[i], NULL, 0) < 0 && errno == EINTR) {}
    }
    remove_temporaries();
    if (atomic_load(&line_open)) {
        ssize_t ignored = write(STDERR_FILENO, "\n", 1);
        (void)ignored;
    }
    _exit(128 + number);
}

void im_exit_cleanup_install(void) {
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, NULL);
    sigaction(SIGXFSZ, &ignore, NULL);
    struct sigaction interrupt;
    memset(&interrupt, 0, sizeof interrupt);
    interrupt.sa_handler = handle;
    interrupt.sa_mask = interrupt_signals();
    interrupt.sa_flags = SA_RESTART;
    sigemptyset(&handled);
    for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++) {
        // A signal ignored when the process started stays ignored (nohup, a shell's
        // background job, a launcher that traps it), as POSIX asks of programs that catch
        // signals; ffmpeg, started with the handled ones at their defaults, inherits it too.
        struct sigaction previous;
        if (sigaction(ending_signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        sigaction(ending_signals[i], &interrupt, NULL);
        sigaddset(&handled, ending_signals[i]);
    }
    // An inherited mask that holds them back (as some launchers leave it) would keep them
    // pending for ever.
    sigset_t interrupts = interrupt_signals();
    pthread_sigmask(SIG_UNBLOCK, &interrupts, NULL);
}

// A table's own copy of `path`, allocated before a section (nothing in a section may wait
// for a lock, malloc's, that an interrupted thread could hold); NULL with errno ENOMEM.
static char *table_copy(const char *path) {
    size_t length = strlen(path);
    char *copy = malloc(length + 1);
    if (copy == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    memcpy(copy, path, length + 1);
    return copy;
}

int im_exit_cleanup_create_temporary(char *template_path, int suffix_length) {
    char *copy = table_copy(template_path);
    if (copy == NULL) return -1;
    sigset_t previous;
    enter(&previous);
    int descriptor = mkstemps(copy, suffix_length);
    int saved = errno;
    int tracked = descriptor >= 0 && track(temporaries, SLOTS, copy);
    leave(&previous);
    if (descriptor >= 0) memcpy(template_path, copy, strlen(copy) + 1);
    if (!tracked) free(copy);
    errno = saved;
    return descriptor;
}

int im_exit_cleanup_create_folder(const char *path, mode_t mode) {
    char *copy = table_copy(path);
    if (copy == NULL) return -1;
    sigset_t previous;
    enter(&previous);
    int status = mkdir(copy, mode);
    int saved = errno;
    int tracked = status == 0 && track(folders, FOLDER_SLOTS, copy);
    leave(&previous);
    if (!tracked) free(copy);
    errno = saved;
    return status;
}

int im_exit_cleanup_track_sequence(const char *prefix) {
    char *copy = table_copy(prefix);
    if (copy == NULL) return -1;
    char *expected = NULL;
    if (!atomic_compare_exchange_strong(&sequence_prefix, &expected, copy)) {
        free(copy);
        errno = EBUSY;
        return -1;
    }
    // (Zero already: whoever releases a sequence resets its count; no file of this one yet.)
    atomic_store(&sequence_count, 0);
    return 0;
}

int im_exit_cleanup_create_sequence_file(long index, mode_t mode) {
    char name[SEQUENCE_NAME_SIZE];
    char *prefix = atomic_load(&sequence_prefix);
    if (prefix == NULL || index < 0 || index == LONG_MAX) {
        errno = EINVAL;
        return -1;
    }
    if (!sequence_name(name, sizeof name, prefix, index)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    sigset_t previous;
    enter(&previous);
    // Counted before the file exists, so that an interrupt never misses it.
    long count = atomic_load(&sequence_count);
    while (count < index + 1 && !atomic_compare_exchange_weak(&sequence_count, &count, index + 1)) {}
    int descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    int saved = errno;
    leave(&previous);
    errno = saved;
    return descriptor;
}

int im_exit_cleanup_commit_sequence(
    const char *const *destinations, long count, const char *const *removals, long removal_count, long *failed) {
    char name[SEQUENCE_NAME_SIZE];
    *failed = 0;
    char *prefix = atomic_load(&sequence_prefix);
    if (prefix == NULL) return EINVAL;
    sigset_t previous;
    enter(&previous);
    atomic_store(&committing, 1);
    for (long i = 0; i < count; i++) {
        int code = 0;
        if (!sequence_name(name, sizeof name, prefix, i)) {
            code = ENAMETOOLONG;
        } else if (rename(name, destinations[i]) != 0) {
            code = errno;
        }
        if (code != 0) {
            atomic_store(&committing, 0);
            leave(&previous);
            *failed = i;
            return code;
        }
    }
    // The files an earlier, longer sequence left after this one's last, in the same step.
    for (long i = 0; i < removal_count; i++) unlink(removals[i]);
    // Whoever takes the prefix owns the string: the handler keeps it, this frees it.
    char *held = atomic_exchange(&sequence_prefix, NULL);
    atomic_store(&sequence_count, 0);
    atomic_store(&committing, 0);
    leave(&previous);
    free(held);
    return 0;
}

void im_exit_cleanup_discard_sequence(void) {
    char *prefix = atomic_load(&sequence_prefix);
    if (prefix == NULL) return;
    unlink_staged(prefix, atomic_load(&sequence_count));
    char *expected = prefix;
    if (atomic_compare_exchange_strong(&sequence_prefix, &expected, NULL)) {
        atomic_store(&sequence_count, 0);
        free(prefix);
    }
}

void im_exit_cleanup_forget_temporary(const char *path) {
    for (int i = 0; i < SLOTS; i++) {
        char *held = atomic_load(&temporaries[i]);
        if (held != NULL && strcmp(held, path) == 0) {
            // Whoever takes the slot owns the string: the handler keeps it, this frees it.
            if (atomic_compare_exchange_strong(&temporaries[i], &held, NULL)) free(held);
            return;
        }
    }
}

void im_exit_cleanup_remove_temporaries(void) {
    atomic_store(&ending, 1);
    wait_for_sections();
    remove_temporaries();
}

int im_exit_cleanup_spawn(
    pid_t *pid, const char *path, const posix_spawn_file_actions_t *actions, const posix_spawnattr_t *attributes,
    char *const argv[], char *const envp[]) {
    sigset_t previous;
    enter(&previous);
    int status = posix_spawn(pid, path, actions, attributes, argv, envp);
    if (status == 0) {
        for (int i = 0; i < SLOTS; i++) {
            pid_t expected = 0;
            if (atomic_compare_exchange_strong(&processes[i], &expected, *pid)) break;
        }
    }
    leave(&previous);
    return status;
}

void im_exit_cleanup_forget_process(pid_t pid) {
    for (int i = 0; i < SLOTS; i++) {
        pid_t expected = pid;
        if (atomic_compare_exchange_strong(&processes[i], &expected, 0)) return;
    }
}

void im_exit_cleanup_set_line_open(int open) { atomic_store(&line_open, open != 0); }
