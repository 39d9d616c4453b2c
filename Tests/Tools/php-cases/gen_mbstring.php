<?php
// mb_strtolower($s) and mb_substr($s, start, length) with internal encoding UTF-8.
// Output: cases/mb_strtolower.json [{in, out}], cases/mb_substr.json [{in, start, length, out}]
declare(strict_types=1);
require __DIR__ . '/common.php';

$hand = [
    '', 'ABC xyz', 'ЖДЯЁ', 'İ', 'İstanbul', 'ΣΑΣ ΣΑΣ.', "\u{1E9E}", "\u{2126}", "\u{212A}", "\u{1F88}", "\u{01C5}",
    "\u{10570}", "\u{2C2F}", "\u{A7C0}", "\u{1C90}", "\u{13A0}", "\u{1C89}", "\u{10D50}", "\u{1E900}",
    "\x80", "\xBF", "\x80\x80\x80", "\xC0\x80", "\xC1\xBF", "\xC2", "\xC2A", "\xC2\xC2\x80", "\xE0", "\xE0\x80",
    "\xE0\x9F\xBF", "\xE0\xA0", "\xE0\xA0A", "\xE0\xA0\xC2\x80", "\xED\x9F\xBF", "\xED\xA0\x80", "\xED\xBF\xBF",
    "\xEF\xBF\xBF", "\xF0", "\xF0\x80", "\xF0\x8F\xBF\xBF", "\xF0\x90", "\xF0\x90\x80", "\xF0\x90\x80A",
    "\xF4\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF8\x88\x80\x80\x80", "\xFE\xFF",
    "A\xFFB", "Ж\xD0", "\xD0Ж", "\0A\0",
];
mt_srand(20240602);
$rand = [];
$alpha = array_merge(base_alphabet(), ['A', 'B', 'Д', 'Я', 'Σ', 'İ', "\xE2\x84", "\xF0\x9F\x98"]);
for ($i = 0; $i < 300; $i++) $rand[] = rand_string($alpha, 0, 12);

$lower = [];
foreach (array_merge($hand, $rand) as $s) $lower[] = ['in' => b64($s), 'out' => b64(mb_strtolower($s))];
write_cases('mb_strtolower', $lower);

$sub = [];
$args = [[0, 1], [-1, null], [0, null], [1, 1], [-2, 1], [1, null], [-1, 1], [0, -1]];
foreach ($hand as $s) {
    foreach ([[0, 1], [-1, null]] as [$st, $ln]) {
        $sub[] = ['in' => b64($s), 'start' => $st, 'length' => $ln, 'out' => b64(mb_substr($s, $st, $ln))];
    }
}
foreach ($rand as $j => $s) {
    [$st, $ln] = $j < 200 ? [[0, 1], [-1, null]][$j % 2] : $args[mt_rand(0, count($args) - 1)];
    $sub[] = ['in' => b64($s), 'start' => $st, 'length' => $ln, 'out' => b64(mb_substr($s, $st, $ln))];
}
write_cases('mb_substr', $sub);
