#ifndef SLEEPBOX_FUZZ_HISTORY_SQLITE_H
#define SLEEPBOX_FUZZ_HISTORY_SQLITE_H
#include <sqlite3.h>

/// sqlite3_bind_text with SQLITE_TRANSIENT (a cast macro Swift cannot import): SQLite copies the text.
static inline int fuzz_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text) {
    return sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}
#endif
