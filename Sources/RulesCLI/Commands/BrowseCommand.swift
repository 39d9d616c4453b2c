import Foundation
import RulesSearch
import RulesTerminal

/// `rules browse [--index DIR] [QUERY]`, and bare `rules` on a terminal: the full-screen
/// search of the iOS app and the site's quick search. A query line at the top, the title
/// matches and the ranked results under it, following every key; Enter opens a rule.
///
/// One thread reads keys and draws; the searches run on another (``LiveSearch``), so that a
/// key is echoed at once whatever a search costs. The loop waits on three descriptors: the
/// keys, the search thread's "answer ready", and the window's "resized".
enum BrowseCommand {
    static func run(_ context: Context) throws -> Int32 {
        let printing = context.arguments.options.print
        if printing, !RawTerminal.useControllingTerminal() { throw Failure.printNeedsTerminal }
        guard isatty(RawTerminal.input) == 1, isatty(RawTerminal.output) == 1 else { throw Failure.browseNeedsTerminal }
        var chosen: String?
        // The words a query finds, marked in a rule opened from its results: with a Preg of
        // this thread's own (the search thread has its session's).
        let markingPreg = try context.engine().preg()
        // Read for long: the index copied into memory (see IndexLocation.open), and opened once.
        let session = try SearchCommand.openSession(context, copied: true)
        let path = context.arguments.options.index
        let source: RuleSource
        if path != nil {
            source = RuleSource(index: session.index, texts: session.texts)
        } else {
            source = RuleSource()
        }
        let terminal = Terminal(color: context.arguments.options.color)
        let search = try LiveSearch(session: session, outline: path == nil ? BuiltInIndex.outline : nil)
        var state = BrowseState(query: context.arguments.operands.joined(separator: " "))
        if !state.query.isEmpty { search.ask(state.request()) }

        // The screen is taken in this block and given back at its end, before a chosen
        // id is printed.
        do {
            HeldNotices.start()
            try RawTerminal.enter()
            defer {
                RawTerminal.restore()
                HeldNotices.release()
            }
            var decoder = KeyDecoder()
            var size = RawTerminal.size()
            var previous: [String] = []
            func view() -> BrowseView { BrowseView(width: size.columns, height: size.rows, color: terminal.color, rules: path == nil) }
            func draw(full: Bool = false) {
                state.warning = HeldNotices.last
                var drawing = view()
                let (lines, cursor) = drawing.frame(&state)
                var out = full ? EscapeCode.clearScreen : ""
                out += EscapeCode.hideCursor
                // Only the lines that changed are written again.
                for (row, line) in lines.enumerated() where full || row >= previous.count || previous[row] != line {
                    out += EscapeCode.moveTo(row: row + 1, column: 1) + line + EscapeCode.clearToEndOfLine
                }
                if let cursor {
                    out += EscapeCode.moveTo(row: 1, column: min(cursor, size.columns - 1) + 1) + EscapeCode.showCursor
                }
                previous = lines
                RawTerminal.write(out)
            }
            func apply(_ effect: BrowseState.Effect) {
                switch effect {
                case .none: break
                case .search(let request): search.ask(request)
                case .redraw: draw(full: true)
                case .suspend:
                    RawTerminal.suspend()
                    // Continued: the terminal is taken again and a redraw asked for.
                    size = RawTerminal.size()
                    previous = []
                case .chapters:
                    state.stack.append(.list(BrowseState.Choice(title: "Главы", items: source.chapters())))
                case .open(let id):
                    guard let page = source.page(id) else { return }
                    if printing {
                        chosen = id
                        state.quit = true
                        return
                    }
                    // A chapter of the built-in rules is the list of its paragraphs.
                    if !page.children.isEmpty {
                        state.stack.append(.list(BrowseState.Choice(title: page.title, chapter: page, items: page.children)))
                    } else {
                        let found = FoundWords(query: Bytes(state.query.utf8), index: session.index, preg: markingPreg)
                        var marked = page
                        marked.body = found.marked(page.body, start: HitSummary.foundStart, end: HitSummary.foundEnd)
                        state.stack.append(.reading(BrowseState.Reading(page: marked)))
                    }
                }
            }

            draw(full: true)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !state.quit {
                var fds = [
                    pollfd(fd: RawTerminal.input, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: search.ready.read, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: RawTerminal.resizes.read, events: Int16(POLLIN), revents: 0),
                ]
                // A lone Escape waits a moment for the rest of a sequence; a paste, for its end
                // mark, which comes with it: half a second without it ends the paste, so that a
                // paste start alone (ESC [ 200 ~) cannot take Ctrl-C, Ctrl-D and Escape away.
                let waitingForEscape = decoder.pendingEscape
                let ready = poll(&fds, nfds_t(fds.count), waitingForEscape ? 40 : state.pasting ? 500 : -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    break
                }
                var keys: [Key] = []
                if ready == 0 {
                    keys = decoder.flushEscape()
                    if !waitingForEscape { state.pasting = false }
                }
                if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    let n = read(RawTerminal.input, &buffer, buffer.count)
                    if n <= 0 {
                        if n < 0 && errno == EINTR { continue }
                        break   // the terminal went away
                    }
                    keys += decoder.keys(buffer[0..<n])
                }
                let pageRows = max(view().contentRows - 1, 1)
                for key in keys where !state.quit { apply(state.handle(key, pageRows: pageRows)) }
                if fds[2].revents & Int16(POLLIN) != 0 {
                    var drain = [UInt8](repeating: 0, count: 64)
                    while read(RawTerminal.resizes.read, &drain, drain.count) > 0 {}
                    size = RawTerminal.size()
                    previous = []
                }
                // Keys are drawn before an answer is taken: the echo never waits.
                if !keys.isEmpty && !state.quit { draw() }
                if fds[1].revents & Int16(POLLIN) != 0, let answer = search.take() {
                    state.receive(answer)
                }
                if !state.quit { draw(full: previous.isEmpty) }
            }
        }
        if state.interrupted { return 130 }
        guard printing else { return 0 }
        guard let chosen else { return 1 }
        context.out.write(Bytes((chosen + "\n").utf8))
        context.out.flush()
        return 0
    }
}
