//! The JavaScript package's functions (`fenkit-wasm`, natively) on any
//! text: every one answers `{"ok": …}` (or `check` a record a line),
//! never a panic, which in WebAssembly would abort the page's module.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    // The rest as options, or as fields, where it is JSON.
    let options: serde_json::Value = serde_json::from_str(rest).unwrap_or_default();
    let fields = fenkit_wasm::fields(first, &options);
    for answer in [
        fenkit_wasm::board(first),
        fenkit_wasm::describe(first),
        fenkit_wasm::legal_moves(first),
        fenkit_wasm::play(first, rest),
        fenkit_wasm::key(first),
        fenkit_wasm::polyglot_key(first),
        fenkit_wasm::pgn_positions(&text),
        fenkit_wasm::svg(first, &options),
        fenkit_wasm::write_fields(&fields["value"], &options),
        fenkit_wasm::write_fields(&options, &serde_json::Value::Null),
        fenkit_wasm::piece_svg(first, rest),
        fields,
    ] {
        assert!(answer["ok"].is_boolean(), "{answer}");
    }
    let read = fenkit_wasm::read_options(&serde_json::json!({"lenient": data.first() == Some(&b'l')}))
        .expect("known options");
    let checked = fenkit_wasm::check(&text, "<fuzz>", &read);
    assert!(checked.iter().all(|record| record["valid"].is_boolean()));
});
