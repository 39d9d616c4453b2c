<?php
// serialize(float), (string)float, unserialize() acceptance, array-key normalisation.
// Output:
//   cases/serialize_float.json  [{in: base64 of 8-byte little-endian IEEE double, bits: hex, out: serialize($f)}]
//   cases/float_to_string.json  [{in: (same), bits, out: (string)$f with precision=14, out_p17: precision=17, out_m1: precision=-1}]
//   cases/unserialize.json      [{in, out: serialize(unserialize(in)) or null when rejected, warnings}]
//                               (called with ['allowed_classes' => false]; trailing data is ignored in 8.2)
//   cases/array_key.json        [{in, out: key bytes, type: "int"|"string"}]
declare(strict_types=1);
require __DIR__ . '/common.php';

function fcase(float $f): array {
    $bin = pack('e', $f); // little-endian double
    $str = fn(int $p) => (function () use ($f, $p) { ini_set('precision', (string)$p); $s = (string)$f; ini_set('precision', '14'); return $s; })();
    return ['in' => b64($bin), 'bits' => bin2hex(strrev($bin)), 'ser' => serialize($f),
            'p14' => $str(14), 'p17' => $str(17), 'pm1' => $str(-1)];
}
$floats = [0.0, -0.0, 1.0, -1.5, 0.1, 0.1 + 0.2, 1 / 3, 2 / 3, 1e13, 1e14, 1e15, 1e16, 1e17, 1e20, 1e21, 1e22, 1.5e300, 1e-4, 1e-5,
    0.00012345, 123456789012345678.0, PHP_FLOAT_MAX, PHP_FLOAT_MIN, 5e-324, INF, -INF, NAN, 100.0, 2.0 ** 53, 2.0 ** 63, -2.5e-7,
    0.30000000000000004, 123456789012345.0, 1234567890123456.0, 99999999999999.99, 999999999999999.9, 0.1 + 0.7, 1e100, -1e-100,
    12345678.9, 0.5, 2.5, 1.25e-3, 4.35, 7.0e-10, 1.7976931348623157e308, 9007199254740993.0, 0.000099999999999999991,
    100000000000005.0, 100000000000001.0, 100000000000015.0, 621776141352405.0, 999999999999995.0, 1e14 + 0.5];
mt_srand(20240606);
for ($i = 0; $i < 300; $i++) {
    switch ($i % 3) {
        case 0: $f = unpack('E', pack('NN', mt_rand(0, 0xFFFFFFFF), mt_rand(0, 0xFFFFFFFF)))[1]; break; // arbitrary bits
        case 1: $f = mt_rand(-999999, 999999) / (10 ** mt_rand(0, 8)); break;       // short decimals
        default: $f = (mt_rand(1, 9999) / 1000) * (10 ** mt_rand(-25, 25)); break;  // exponent boundaries
    }
    $floats[] = $f;
}
$ser = []; $str = [];
foreach ($floats as $f) {
    $c = fcase($f);
    $ser[] = ['in' => $c['in'], 'bits' => $c['bits'], 'out' => b64($c['ser'])];
    $str[] = ['in' => $c['in'], 'bits' => $c['bits'], 'out' => b64($c['p14']), 'out_p17' => b64($c['p17']), 'out_m1' => b64($c['pm1'])];
}
write_cases('serialize_float', $ser);
write_cases('float_to_string', $str);

// ---------------- unserialize ----------------
$hand = ['i:1;', 'i:+1;', 'i:-1;', 'i:-0;', 'i:01;', 'i: 1;', 'i:1 ;', 'i:1', 'i:;', 'i:1;x', ' i:1;', 'I:1;',
    'i:9223372036854775807;', 'i:9223372036854775808;', 'i:-9223372036854775808;', 'i:-9223372036854775809;', 'i:0x1A;', 'i:1e3;',
    'b:0;', 'b:1;', 'b:2;', 'b:01;', 'b:;', 'd:1;', 'd:.5;', 'd:5.;', 'd:+1.5;', 'd:1e5;', 'd:1E+5;', 'd:1e;', 'd:INF;', 'd:-INF;',
    'd:+INF;', 'd:NAN;', 'd:-NAN;', 'd:inf;', 'd:1e400;', 'd:-;', 'd:.;', 'd:00012;', 'd:0.1;', 'd:-0;',
    's:0:"";', 's:1:"a";', 's:2:"a";', 's:1:"ab";', 's:+1:"a";', 's:01:"a";', 's:1:"a"', 's:1:"a":', "s:1:'a';", 's:1:"a";junk',
    's:3:"a"b";', "s:1:\"\0\";", 's:4:"Жa";', 'S:1:"\61";', 'S:1:"\6";', 'S:3:"\41\42\43";', 'S:1:"\6g";',
    'N;', 'N', 'N ;', 'n;', '', 'x',
    'a:0:{}', 'a:0:{};', 'a:1:{i:0;i:1;}', 'a:1:{s:1:"a";i:1;}', 'a:1:{s:1:"5";i:1;}', 'a:1:{s:2:"05";i:1;}', 'a:2:{i:0;i:1;}',
    'a:1:{i:0;i:1;i:1;i:2;}', 'a:1:{d:0.5;i:1;}', 'a:1:{b:1;i:1;}', 'a:1:{N;i:1;}', 'a:1:{i:0;i:1;', 'a:+1:{i:0;i:1;}',
    'a:1:{ i:0;i:1;}', 'a:1:{i:0;}', 'a:2:{i:0;i:1;i:0;i:2;}', 'a:0:{}junk', 'a:1:{i:0;a:0:{}}', 'a:1:{a:0:{}i:1;}',
    'a:2:{i:0;i:5;i:1;R:2;}', 'a:2:{i:0;i:5;i:1;r:2;}', 'r:1;', 'O:8:"stdClass":0:{}', 'O:3:"Foo":1:{s:1:"a";i:1;}',
];
$cases = [];
$run = function (string $s): array {
    $r = 'x';
    [$r, $w] = capture(fn() => unserialize($s, ['allowed_classes' => false]));
    $rejected = ($r === false && $s !== 'b:0;' && !str_starts_with($s, 'b:0;'));
    return ['in' => b64($s), 'out' => $rejected ? null : b64(serialize($r)), 'warnings' => $w];
};
foreach ($hand as $s) $cases[] = $run($s);
// random: mutate valid serialisations
mt_srand(20240607);
$seeds = [serialize(1), serialize(-42), serialize(1.5), serialize(0.1), serialize(true), serialize(null), serialize('ab"c'),
    serialize(['a' => 1, 2 => 'x']), serialize([[1], 'Ж' => 2.5]), serialize("Ж\0<"), serialize(-0.0), serialize(1e25)];
$mutAlpha = array_merge(base_alphabet(), [':', ';', '{', '}', '"', '0', '1', '9', '+', '-', '.', 'e', 'i', 's', 'd', 'a', 'b', 'N']);
for ($i = 0; $i < 300; $i++) {
    $s = $seeds[mt_rand(0, count($seeds) - 1)];
    $k = mt_rand(1, 2);
    for ($j = 0; $j < $k; $j++) {
        $pos = mt_rand(0, strlen($s));
        switch (mt_rand(0, 2)) {
            case 0: $s = substr($s, 0, $pos) . $mutAlpha[mt_rand(0, count($mutAlpha) - 1)] . substr($s, $pos); break; // insert
            case 1: $s = substr($s, 0, $pos) . substr($s, $pos + 1); break;                                            // delete
            default: $s = substr($s, 0, $pos) . $mutAlpha[mt_rand(0, count($mutAlpha) - 1)] . substr($s, $pos + 1);  // replace
        }
    }
    if (mt_rand(0, 9) === 0) $s = rand_string($mutAlpha, 0, 10);
    $cases[] = $run($s);
}
write_cases('unserialize', $cases);

// ---------------- array keys ----------------
$hand = ['0', '-0', '00', '01', '1', '-1', '+1', ' 1', '1 ', '1.0', '1e3', '0x1', '9223372036854775807', '9223372036854775808',
    '-9223372036854775808', '-9223372036854775809', '18446744073709551616', '-', '', '123abc', '0123', '-01', "1\0", '٣',
    '99999999999999999999', '-9223372036854775807', '922337203685477580', "\n1", '1_000', '１'];
mt_srand(20240608);
$kAlpha = ['0', '1', '2', '9', '-', '+', ' ', '.', 'e', 'a', "\0", 'Ж', "\xFF"];
$keys = $hand;
for ($i = 0; $i < 300; $i++) {
    $keys[] = match ($i % 3) {
        0 => rand_string($kAlpha, 0, 5),
        1 => (mt_rand(0, 1) ? '-' : '') . (string)mt_rand(0, PHP_INT_MAX) . (mt_rand(0, 3) ? '' : (string)mt_rand(0, 9)),
        default => (mt_rand(0, 1) ? '-' : '') . rand_string(['0', '1', '5', '9'], 1, 20),
    };
}
$cases = [];
foreach ($keys as $k) {
    $a = [$k => true];
    $kk = array_key_first($a);
    $cases[] = ['in' => b64($k), 'out' => b64((string)$kk), 'type' => is_int($kk) ? 'int' : 'string'];
}
write_cases('array_key', $cases);
