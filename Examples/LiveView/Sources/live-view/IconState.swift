import IconMorph

/// The icon view's state without its window: the masks, the pair a click toggles, and the
/// `MorphAnimator` that turns clicks and keys into frames. Every call takes the time, in
/// seconds, from the same clock as the frames.
final class IconState {
    /// What a click or key did, for the log.
    enum Action: String {
        /// A morph started from rest.
        case start
        /// A running morph turned back towards its source (`animate(to: source)`).
        case reverse
        /// A running morph was sent on to a third icon from its current frame
        /// (`animate(to: third)`, which captures the field).
        case retarget
        /// The icon asked for is already the one shown or approached.
        case none
    }

    /// The icons keys 1 … 9 pick.
    static let keySymbols: [BuiltInSymbol] = [.play, .pause, .stop, .heart, .star, .bolt, .checkmark, .xmark, .bell]

    /// Built-in symbols are drawn in a 44 pt box; the blur reaches 4 pt, which the symbols'
    /// 3-unit margin (5.5 pt at 44 pt) leaves room for, so the frame needs no padding.
    static let iconPoints = 44.0
    static let blurPoints = 4.0
    /// #3478F6 on white: opaque frames, so the window shows the library's bytes exactly.
    static let tint = TintColor(red: 0x34, green: 0x78, blue: 0xF6)
    static let background = TintColor(red: 0xFF, green: 0xFF, blue: 0xFF)

    let layout: IconLayout
    let animator: MorphAnimator
    /// Seconds of a full morph.
    let transition: Double
    /// The two icons a click toggles between.
    private(set) var pair: (BuiltInSymbol, BuiltInSymbol)
    /// The icon shown at rest or approached: the animator's target.
    private(set) var goal: BuiltInSymbol
    /// The animator's canonical pair, by name, as of the latest event.
    private(set) var animatorPair: (source: BuiltInSymbol, target: BuiltInSymbol)
    private var masks: [BuiltInSymbol: AlphaMask] = [:]
    /// Called when a morph ends, with how it ended and the icon it was going to (on the
    /// thread that called the animator: `@Sendable`, as the animator's completions are).
    var onCompletion: @Sendable (MorphCompletion, BuiltInSymbol) -> Void = { _, _ in }

    init(from: BuiltInSymbol, to: BuiltInSymbol, scale: Double, transition: Double) throws {
        layout = try IconBox(width: Self.iconPoints, height: Self.iconPoints, scale: scale).layout()
        let style = MorphStyle(maxBlurRadius: Self.blurPoints * scale, tint: Self.tint, background: Self.background)
        let renderer = try MorphRenderer(width: layout.width, height: layout.height, style: style)
        let start = try AlphaMask(icon: from.icon, layout: layout)
        masks[from] = start
        // At rest on `from` as `iconmorph animate` starts (the pair from → from at progress 1),
        // so a first click is the plain two-icon morph, with nothing captured.
        animator = try MorphAnimator(renderer: renderer, source: start, target: start, progress: 1)
        self.transition = transition
        pair = (from, to)
        goal = from
        animatorPair = (from, from)
        for symbol in Self.keySymbols + [to] where masks[symbol] == nil {
            masks[symbol] = try AlphaMask(icon: symbol.icon, layout: layout)
        }
    }

    /// A click: morph to the pair's other icon. During a morph that is the icon it came from,
    /// so the morph reverses from the frame shown.
    func click(at time: Double) throws -> Action {
        try send(to: goal == pair.0 ? pair.1 : pair.0, at: time)
    }

    /// A key: morph to `symbol`, which with the icon shown (or approached) becomes the pair.
    func select(_ symbol: BuiltInSymbol, at time: Double) throws -> Action {
        guard symbol != goal else { return .none }
        let shown = goal
        let action = try send(to: symbol, at: time)
        pair = (shown, symbol)
        return action
    }

    private func send(to symbol: BuiltInSymbol, at time: Double) throws -> Action {
        _ = try animator.progress(at: time)  // advances the animator: a morph may end here
        let wasAnimating = animator.isAnimating
        let before = animatorPair
        let handler = onCompletion
        try animator.animate(to: mask(symbol), duration: transition, at: time) { handler($0, symbol) }
        goal = symbol
        animatorPair = (name(of: animator.source), name(of: animator.target))
        guard wasAnimating else { return .start }
        return symbol == before.source ? .reverse : .retarget
    }

    private func mask(_ symbol: BuiltInSymbol) throws -> AlphaMask {
        if let mask = masks[symbol] { return mask }
        let mask = try AlphaMask(icon: symbol.icon, layout: layout)
        masks[symbol] = mask
        return mask
    }

    /// The symbol whose mask `mask` is; masks of different symbols differ.
    private func name(of mask: AlphaMask) -> BuiltInSymbol {
        masks.first { $0.value == mask }?.key ?? goal
    }
}
