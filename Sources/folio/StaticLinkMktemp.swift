#if canImport(Glibc)
import Glibc

/// `make build` links Foundation statically, and FoundationEssentials' temporary files call mktemp(3)
/// (then create the name with O_EXCL, trying another when it is taken: safe), which glibc marks with a
/// link-time warning, "the use of `mktemp' is dangerous". That link routes the call here instead
/// (`-Xlinker --wrap=mktemp`, so the warning has nothing to warn about): the same promise, a name no
/// file had, made by mkstemp(3), whose file is removed again for the caller to create. A template that
/// mkstemp refuses comes back empty, as from mktemp. Builds that link Foundation as a shared library
/// never call this.
@_cdecl("__wrap_mktemp")
func staticLinkMktemp(_ template: UnsafeMutablePointer<CChar>) -> UnsafeMutablePointer<CChar> {
    let fd = mkstemp(template)
    guard fd >= 0 else {
        template[0] = 0
        return template
    }
    close(fd)
    unlink(template)
    return template
}
#endif
