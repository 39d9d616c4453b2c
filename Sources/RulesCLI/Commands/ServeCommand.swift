import Foundation
import RulesSearch
import RulesServe

/// `rules serve [--index DIR] [--listen ADDR:PORT]`: the search as a web page and an API
/// (``Site``), on libevent's HTTP server, a thread per core, until Ctrl-C or SIGTERM.
enum ServeCommand {
    static func run(_ context: Context) throws -> Int32 {
        _ = try context.operands(maximum: 0)
        let options = context.arguments.options
        var address = ListenAddress.default
        if let given = options.listen {
            // (A port alone listens on 127.0.0.1.)
            guard let parsed = ListenAddress(given) else {
                throw Failure.badListenAddress(given)
            }
            address = parsed
        }
        let served = try ServedIndex(
            path: options.index, corpus: options.corpus, engine: try context.engine(), cacheBytes: (options.cache ?? 64) << 20,
            warn: { warn(.said($0)) })
        let server: HTTPServer
        do {
            server = try HTTPServer(address: address, threads: ProcessInfo.processInfo.activeProcessorCount) {
                let site = Site(served: served)
                return site.answer
            }
        } catch {
            let reason = error.stage == .resolve ? Localized(both: error.message) : Localized.system(error.code)
            throw Failure.cannotListen(address.description, reason: reason, inUse: error.code == EADDRINUSE)
        }
        // Ctrl-C, SIGTERM and SIGHUP (its terminal closed) stop it cleanly: blocked in every thread (the server's inherit
        // this mask) and taken by one thread of their own, which waits for them (sigwait:
        // no descriptor, no event loop of Dispatch's, which a process out of descriptors
        // cannot count on).
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        let signals = stopSignals
        let waiter = Thread {
            var which: Int32 = 0
            var set = signals
            while sigwait(&set, &which) != 0 {}
            server.stop()
        }
        waiter.start()
        let what =
            options.index.map { Localized("Searching the index in \($0)", ru: "Поиск по индексу в \($0)") }
            ?? Localized("Searching the rules", ru: "Поиск по правилам")
        let line = Language.current == .russian ? what.ru : what.en
        context.out.write(Bytes((line + ": " + server.address.url + "\n").utf8))
        context.out.flush()
        server.run()
        StandardError.write(Language.current == .russian ? "rules: остановлено\n" : "rules: stopped\n")
        return 0
    }
}
