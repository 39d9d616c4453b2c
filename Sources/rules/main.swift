import RulesRegex
for name in Engines.names {
    let preg = Preg(engine: Engines.make(name)!)
    var m: [Bytes] = []
    print(name, preg.match(Bytes(php: "/(с[яь])$/u"), Bytes(php: "учиться"), &m) as Any, m.map { String(decoding: $0, as: UTF8.self) })
    var all: [[Preg.Capture]]? = nil
    print(preg.matchAll(Bytes(php: "/x*|b/"), Bytes(php: "b"), &all) as Any, all as Any)
    print(preg.replace(Bytes(php: "#(?<=[^a-zа-я]|^)(запят)[a-zа-я]*#sui"), Bytes(php: "<$1>"), Bytes(php: "Запятая, запятые и ЗАПЯТУЮ.")).map { String(decoding: $0, as: UTF8.self) } as Any)
}
