import Testing
import SleepBoxSystem
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SystemErrorTests {
    @Test func namesTheCallThePathAndTheErrno() {
        let error = SystemError("bind", errno: EADDRINUSE, path: "/run/sleepbox/control.sock")
        #expect(error.description == "bind /run/sleepbox/control.sock: Address already in use (errno 98)")
        #expect(SystemError("timerfd_create", errno: EMFILE).description == "timerfd_create: Too many open files (errno 24)")
    }

    @Test func takesTheCurrentErrno() {
        errno = ENOENT
        #expect(SystemError("open").errno == ENOENT)
    }

    @Test func permission() {
        #expect(SystemError("open", errno: EACCES).isPermissionDenied)
        #expect(SystemError("open", errno: EPERM).isPermissionDenied)
        #expect(!SystemError("open", errno: ENOENT).isPermissionDenied)
    }

    @Test func unknownNumbers() {
        #expect(SystemError.reason(errno: 9999).hasPrefix("Unknown error"))
    }
}
