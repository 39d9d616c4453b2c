<?php
// Writes Sources/RulesSearch/PHP/PHPCaseTable.swift: what PHP 8.2's mb_strtolower does to
// each code point, as runs, so that the port lower-cases exactly as PHP does whatever
// Unicode version the Swift runtime carries. U+0130 (the one mapping to two code points)
// is handled in code.   php Tests/Tools/lowercase-table.php > Sources/RulesSearch/PHP/PHPCaseTable.swift
// Written for this project; it calls only PHP's mb_* functions and contains no code of the
// reference engine.
$singles = [];
for ($c = 0; $c <= 0x10FFFF; $c++) {
    if ($c >= 0xD800 && $c <= 0xDFFF) continue;
    $s = mb_chr($c, 'UTF-8');
    $l = mb_strtolower($s);
    if ($l === $s) continue;
    if (mb_strlen($l) !== 1) { if ($c !== 0x130) fwrite(STDERR, "unexpected multi-character mapping at $c\n"); continue; }
    $singles[] = [$c, mb_ord($l)];
}
$runs = [];
for ($i = 0, $n = count($singles); $i < $n; ) {
    [$c, $t] = $singles[$i];
    $d = $t - $c;
    $step = null;
    if ($i + 1 < $n && $singles[$i + 1][1] - $singles[$i + 1][0] === $d) {
        $step = $singles[$i + 1][0] - $c;
        if ($step !== 1 && $step !== 2) $step = null;
    }
    if ($step === null) { $runs[] = [$c, 1, $d, 1]; $i++; continue; }
    $k = $i + 1;
    while ($k < $n && $singles[$k][0] - $singles[$k - 1][0] === $step && $singles[$k][1] - $singles[$k][0] === $d) $k++;
    $runs[] = [$c, $k - $i, $d, $step];
    $i = $k;
}
echo "// Generated from PHP 8.2 (mbstring, Unicode 14.0): every code point that mb_strtolower\n";
echo "// changes, as runs of (first code point, count, lower-case offset, step). Produced by\n";
echo "// Tests/Tools/lowercase-table.php; do not edit by hand.\n\n";
echo "extension PHPCase {\n";
echo "    /// Runs of (first, count, delta, step): code points first, first+step, ... map to\n";
echo "    /// themselves plus delta.\n";
echo "    static let lowercaseRuns: [(first: UInt32, count: UInt32, delta: Int32, step: UInt32)] = [\n";
$line = '       ';
foreach ($runs as $r) {
    $item = sprintf(' (0x%X, %d, %d, %d),', $r[0], $r[1], $r[2], $r[3]);
    if (strlen($line) + strlen($item) > 100) { echo $line, "\n"; $line = '       '; }
    $line .= $item;
}
echo $line, "\n    ]\n}\n";
