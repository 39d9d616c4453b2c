<?php
// Shared helpers for the case generators. Run with PHP 8.2 CLI, default ini
// (precision=14, serialize_precision=-1, mbstring internal encoding UTF-8).
declare(strict_types=1);

if (PHP_MAJOR_VERSION !== 8 || PHP_MINOR_VERSION !== 2) {
    fwrite(STDERR, "warning: expected PHP 8.2, running " . PHP_VERSION . "\n");
}
ini_set('precision', '14');
ini_set('serialize_precision', '-1');
mb_internal_encoding('UTF-8');

// Written for this project: PHP 8.2's own answers as golden data for the port's PHP functions.
const CASES_DIR = __DIR__ . '/../../RulesSearchTests/Fixtures/php';

function b64(?string $s): ?string { return $s === null ? null : base64_encode($s); }

/** Alphabet from the brief: ASCII letters, Cyrillic, < > ! ? - " ' / = space \n \t NUL, invalid UTF-8. */
function base_alphabet(): array {
    return [
        'a', 'b', 'x', 'Z', 'Q', 'p', 'h', 'l', 'm', 'e', 'E',
        'Ж', 'д', 'я', 'Ё',                      // Cyrillic (2-byte UTF-8)
        '<', '<', '>', '>', '!', '?', '-', '-', '"', "'", '/', '=', ' ', "\n", "\t", "\0",
        "\x80", "\xBF", "\xC0", "\xC1", "\xC2", "\xE0", "\xE0\x80", "\xED\xA0\x80", "\xF0\x90",
        "\xF4\x90\x80\x80", "\xF5", "\xFE", "\xFF", "\xD0",      // invalid / truncated UTF-8
    ];
}

function rand_string(array $alpha, int $min, int $max): string {
    $n = mt_rand($min, $max);
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= $alpha[mt_rand(0, count($alpha) - 1)];
    }
    return $s;
}

/** Collect warnings/notices raised while running $fn. Returns [result, messages, preg_last_error() right after $fn]. */
function capture(callable $fn): array {
    $msgs = [];
    set_error_handler(function (int $no, string $str) use (&$msgs) {
        $kind = [E_WARNING => 'Warning', E_NOTICE => 'Notice', E_DEPRECATED => 'Deprecated'][$no] ?? "E$no";
        // non-UTF-8 bytes in messages (e.g. "Unknown modifier '\xFF'") are written as \xNN
        if (!mb_check_encoding($str, 'UTF-8')) {
            $str = preg_replace_callback('/[\x80-\xFF]/', fn($m) => sprintf('\\x%02X', ord($m[0])), $str);
        }
        $msgs[] = "$kind: $str";
        return true;
    });
    try {
        $r = $fn();
        $pregErr = preg_last_error();
    } finally {
        restore_error_handler();
    }
    return [$r, $msgs, $pregErr];
}

/**
 * Encode an arbitrary PHP value (from preg_match_all / unserialize) as JSON-safe data:
 *  string -> {"s": base64}, int -> {"i": n}, float -> {"f": repr}, bool -> {"b": v}, null -> null,
 *  array  -> {"a": [[key, value], ...]} where key is an int or {"s": base64}; order preserved.
 */
function enc_value($v) {
    if (is_string($v)) return ['s' => base64_encode($v)];
    if (is_int($v)) return ['i' => $v];
    if (is_float($v)) return ['f' => var_export($v, true)];
    if (is_bool($v)) return ['b' => $v];
    if ($v === null) return null;
    if (is_array($v)) {
        $pairs = [];
        foreach ($v as $k => $x) {
            $pairs[] = [is_int($k) ? $k : ['s' => base64_encode((string)$k)], enc_value($x)];
        }
        return ['a' => $pairs];
    }
    if (is_object($v)) return ['o' => get_class($v), 'props' => enc_value((array)$v)];
    return ['?' => gettype($v)];
}

function write_cases(string $name, array $cases): void {
    if (!is_dir(CASES_DIR)) mkdir(CASES_DIR, 0777, true);
    $json = json_encode($cases, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR);
    file_put_contents(CASES_DIR . "/$name.json", $json . "\n");
    fwrite(STDERR, sprintf("%-22s %4d cases\n", $name, count($cases)));
}

/** PHP double-quoted literal for a byte string (for the markdown tables). */
function php_lit(string $s): string {
    $o = '"';
    for ($i = 0, $n = strlen($s); $i < $n; $i++) {
        $c = $s[$i]; $b = ord($c);
        if ($c === '"' || $c === '\\' || $c === '$') $o .= '\\' . $c;
        elseif ($c === "\n") $o .= '\\n';
        elseif ($c === "\t") $o .= '\\t';
        elseif ($c === "\r") $o .= '\\r';
        elseif ($b < 0x20 || $b >= 0x7F) $o .= sprintf('\\x%02X', $b);
        else $o .= $c;
    }
    return $o . '"';
}
