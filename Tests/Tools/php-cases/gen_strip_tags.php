<?php
// strip_tags($s) with no allowed tags. Output: cases/strip_tags.json [{in, out}]
declare(strict_types=1);
require __DIR__ . '/common.php';

$hand = [
    '', 'plain text', 'a<b>c</b>d', '<', 'a<', '<a', 'a<b', 'a>b', '>>', 'a < b', "a <\tb", "a <\nb", "a <\rb",
    "a <\x0Bb", "a <\x0Cb", "a <\xA0b>c", "a <\x85b>c", 'a<>b', '<<a>>b', '<a<b>c>d', '<a<b>c>d>e', '<a href="x>y">t',
    "<a title='x>y'>t", '<a "b\'c">d', '<a "x>y>z', "a\0b", "<a\0>b", "<\0a>b", '<!-- c -->x', '<!-- <b> -->x',
    '<!-- a > b -->x', '<!--x', '<!---->x', '<!-->x-->y', '<!DOCTYPE html>x', '<!doctype "a>b">x', '<!x>y', '<!"a>b">c',
    '<?php echo 1; ?>x', '<?php echo "?>"; ?>x', "<?php echo '?>' ?>x", '<?php f("(") ?>x', '<?php f(")") ?>x',
    '<?php f( ?>x) ?>y', '<?"a\'b"?>x', '<?xml version="1.0"?>x', '<?xml a -->x>y', '<?XmL x>y', '<?=1?>x',
    '<a<!-- x -->b>c', '<a "<!--x-->">y', 'x<a\\"b>c', "<b\n>x</b\n>", '1 < 2 > 3', '<3 <3', 'a<-b',
];
$cases = [];
foreach ($hand as $s) $cases[] = ['in' => b64($s), 'out' => b64(strip_tags($s))];

mt_srand(20240601);
$alpha = array_merge(base_alphabet(), ['<', '<!--', '-->', '<?', '?>', '<!', '(', ')', '\\', 'xml', 'DOCTYPE']);
for ($i = 0; $i < 300; $i++) {
    $s = rand_string($alpha, 0, 24);
    $cases[] = ['in' => b64($s), 'out' => b64(strip_tags($s))];
}
// Long texts with long plain runs, where the port looks for the next <, > or NUL eight
// bytes at a time: each stop must be found wherever it falls in a word.
$long = array_merge($alpha, ['plain words here ', 'текст без тегов ', 'x>y', "a\0b", '<b>', '</b>', '<p class="a>b">']);
for ($i = 0; $i < 300; $i++) {
    $s = rand_string($long, 0, 40);
    $cases[] = ['in' => b64($s), 'out' => b64(strip_tags($s))];
}
write_cases('strip_tags', $cases);
