// What an interrupted process must undo — temporary files not yet renamed into place, child
// processes still writing — kept where a signal handler can reach it: fixed tables of atomic
// slots, read and cleared without locks or allocation. The handler itself is here too, in C,
// because nothing else may run in one.
#ifndef ICONMORPH_CEXITCLEANUP_H
#define ICONMORPH_CEXITCLEANUP_H

#include <signal.h>
#include <spawn.h>
#include <sys/types.h>

/// Handles SIGINT and SIGTERM from now on, and the other signals that end a process by default
/// and are sent to stop one (SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM), except those ignored
/// when the process started (`nohup`), which stay ignored: the first of them
/// kills the tracked child processes (SIGKILL, then waits for each), removes the tracked
/// temporary files and then the tracked folders that are empty, writes a line break to
/// standard error when
/// `im_exit_cleanup_set_line_open(1)` says one is wanted, and ends the process with 128 + the
/// signal's number (130 for SIGINT, 143 for SIGTERM). Also ignores SIGPIPE and SIGXFSZ, so
/// that writes fail instead. Call once, early.
void im_exit_cleanup_install(void);

/// The signals `im_exit_cleanup_install` handles, as a set (for a child process, which should
/// get their default actions): the ending signals that were not ignored when the process
/// started, which stay ignored.
void im_exit_cleanup_handled_signals(sigset_t *set);

/// Creates a file from a mkstemps(3) template whose last `suffix_length` bytes are kept, and
/// tracks it, as one step that no interrupt can split: the handler waits for it to finish.
/// Returns the descriptor, with the file's name written into `template_path`, or -1 with
/// errno set. After an interrupt has begun, it never returns.
int im_exit_cleanup_create_temporary(char *template_path, int suffix_length);

/// Stops tracking the temporary file at `path` (renamed into place or removed).
void im_exit_cleanup_forget_temporary(const char *path);

/// Creates the folder `path` (mkdir(2) with `mode`) and tracks it, as one step no interrupt
/// splits: an interrupt then removes it once the tracked files are gone, if it is empty (so a
/// run stopped before its first frame leaves no new folder). Returns mkdir's result, errno set.
int im_exit_cleanup_create_folder(const char *path, mode_t mode);

/// Removes every tracked temporary file, then every tracked folder that is empty, for a
/// caller that ends the process itself (a thread of its own waiting for signals): from then
/// on no temporary file is created.
void im_exit_cleanup_remove_temporaries(void);

/// posix_spawn(3), with the child tracked, as one step that no interrupt can split (as
/// `im_exit_cleanup_create_temporary`). Returns posix_spawn's result. After an interrupt has
/// begun, it never returns.
int im_exit_cleanup_spawn(
    pid_t *pid, const char *path, const posix_spawn_file_actions_t *actions, const posix_spawnattr_t *attributes,
    char *const argv[], char *const envp[]);

/// Tracks a sequence of staged files, `prefix` followed by a number from 0 and `.tmp` (the
/// prefix holds their folder): an interrupt removes each one created so far. One sequence at a
/// time. Returns 0, or -1 with errno set (ENOMEM; EBUSY while another is tracked).
int im_exit_cleanup_track_sequence(const char *prefix);

/// Creates staged file `index` of the tracked sequence (a new file, open for writing, `mode`)
/// as one step that no interrupt can split. Returns the descriptor, or -1 with errno set.
/// After an interrupt has begun, it never returns.
int im_exit_cleanup_create_sequence_file(long index, mode_t mode);

/// Renames staged files 0 … `count` − 1 of the tracked sequence over `destinations`, in order,
/// then removes the `removal_count` files of `removals`, as one step that an interrupt waits
/// for to its end, and stops tracking the sequence. Returns 0; or, at the first rename that
/// fails, errno, with its index in `failed` (the sequence is still tracked then, and nothing
/// removed); EINVAL when no sequence is tracked.
int im_exit_cleanup_commit_sequence(
    const char *const *destinations, long count, const char *const *removals, long removal_count, long *failed);

/// Removes the staged files created so far and stops tracking the sequence.
void im_exit_cleanup_discard_sequence(void);

/// Stops tracking the child process `pid` (it has been waited for).
void im_exit_cleanup_forget_process(pid_t pid);

/// Whether an interrupt should end standard error's unfinished line first (a progress bar).
void im_exit_cleanup_set_line_open(int open);

#endif
