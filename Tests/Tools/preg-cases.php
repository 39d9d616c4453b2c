<?php
// Golden data for the regex conformance suite: runs each case through PHP 8.2's own preg_*
// functions and prints what PHP returns, so the Swift engines are checked against PHP, not
// against themselves. Written for this project; it contains no code of the reference engine.
//   php Tests/Tools/preg-cases.php > Tests/RulesRegexTests/Fixtures/preg-cases.json
ini_set('serialize_precision', '-1');
error_reporting(E_ALL);
$warnings = [];
set_error_handler(function ($no, $str) use (&$warnings) { $warnings[] = $str; return true; });

$cases = [];
function m($note, $pattern, $subject) { global $cases; $cases[] = ['fn' => 'match', 'note' => $note, 'pattern' => $pattern, 'subject' => $subject]; }
function a($note, $pattern, $subject) { global $cases; $cases[] = ['fn' => 'match_all', 'note' => $note, 'pattern' => $pattern, 'subject' => $subject]; }
function r($note, $pattern, $replacement, $subject, $limit = -1) { global $cases; $cases[] = ['fn' => 'replace', 'note' => $note, 'pattern' => $pattern, 'replacement' => $replacement, 'subject' => $subject, 'limit' => $limit]; }

// Cyrillic and case-insensitivity
m('cyrillic caseless', '/запятая/iu', 'ЗАПЯТАЯ');
m('cyrillic caseless class', '/[а-я]+/iu', 'ПРИВЕТ мир');
m('cyrillic without i', '/запятая/u', 'ЗАПЯТАЯ');
m('ё is outside а-я', '/^[а-я]+$/u', 'ёлка');
m('ё caseless', '/ё/iu', 'Ё');
m('Ё in а-яё class caseless', '/[а-яё]+/iu', 'ЁЛКА');
m('cyrillic rounded ve folds to в', "/в/iu", "\u{1C80}");
m('kelvin sign folds to k', '/k/iu', "\u{212A}");
m('long s folds to s', '/s/iu', "\u{17F}");
m('sharp s is not ss', '/ss/iu', "ß");
m('dotless i is not i', '/i/iu', "ı");
m('byte mode caseless is ASCII only', '/\xd0\xb0/i', "\xd0\x90");
a('filter class with i', '#[^\-а-яё0-9a-z\^\.,\(\)";?!…:—]+#iu', "Что-то, «кавычки» & C++ — ок? \u{212A}");

// Lookbehind
a('lookbehind single letter', '/(?<=[ая])(в|вши)/u', 'читавши видевши');
a('lookbehind alternation with ^', '#(?<=[^a-zа-я]|^)(запят)[a-zа-я]*#sui', 'Запятая,запятые;xзапятой');
a('lookbehind sees before offset', '/(?<=о)сть/u', 'радость');
m('lookbehind not fixed length', '/(?<=a+)b/', 'aab');

// $ and newlines
m('$ before final newline', '/а$/u', "река\n");
m('$ not before inner newline', '/а$/u', "река\nи");
m('$ with D', '/а$/uD', "река\n");
m('$ not before final \r', '/а$/u', "река\r");
m('$ multiline', '/а$/mu', "река\nи");
m('^ only at start', '/^и/u', "река\nи");
m('^ multiline', '/^и/mu', "река\nи");
a('dot excludes only \n', '/./u', "a\rb\n\x0b\x0c\u{85}\u{2028}");
a('dot with s', '/./su', "a\nb");
a('dot and CRLF', '/./', "a\r\nb");
a('dot with s and CRLF', '/./su', "a\r\nb");
a('dot star lazy over CRLF', '/a.*?b/s', "a\r\nb");
r('\n+ to space', '#\n+#', ' ', "a\n\n\nb\r\nc");
r('\s+ unicode spaces', '#\s+#u', ' ', "a\u{A0}b\u{2009}c\u{3000}d\x0be\u{85}f\u{200B}g\u{180E}h");
r('\s+ bytes', '#\s+#', ' ', "a\xa0b\x0bc\x85d");
r(', whitespace ,', '#,\s+,#u', ',,', "a , , b,\u{A0},c");

// NBSP, \r, offsets
a('byte offsets after multibyte text', '/[a-z]+/', 'абв abc где xyz');
a('offsets of cyrillic matches', '/д[а-я]/u', 'один два дом');
a('\r as a separator', '/[^\r]+/', "раз\rдва\r\rтри");
r('lookbehind sentence break', '#(?<=[\.?!;])[ \n\t]+#sS', "\r", "Раз. Два?  Три!\tЧетыре;\nПять");
r('guillemets in byte mode', '#«(.*?)»#Ss', '&laquo;\1&raquo;', 'Он сказал «да» и «нет» и «');
r('nbsp-like byte pattern', '#&[^;]{1,20};#', '', 'a&nbsp;b&amp;c&toolongtoolongtoolongxx;d&;e');

// Empty matches
a('empty matches', '/x*/', 'axb');
a('empty or b', '/x*|b/', 'abc');
a('empty matches utf advance', '/x*/u', 'жx');
r('replace empty matches', '/x*/', '-', 'abc');
r('replace empty utf', '/(?:)/u', '|', 'жы');
a('lazy empty', '/a*?/', 'aa');
a('word boundaries', '/\b/u', 'да нет');

// \b, \w under UCP
r('highlight with \b', '#\b(запятую|запятой)\b#su', '<i>$1</i>', 'через запятую, точку с запятой и запятыми');
a('\w is letters numbers underscore', '/\w+/u', "слово_1 a\u{301}b ⅷ ٣");
a('\b on combining mark', '/\b\w+\b/u', "e\u{301}x");
a('\w bytes', '/\w+/', "abc жжж d_1");
a('\d unicode', '/\d+/u', "12 ٣٤ ⅷ");

// Replacement templates
r('dollar group', '/(а)(б)?/u', '[$1|$2|${1}x|\1|\\\\1|$3]', 'аб а');
r('escaped dollar', '/(a)/', '\$1 \\\\$1 $ \\', 'a');
r('two digit group', '/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/', '$11-$10-${1}0', 'abcdefghijk');
r('limit', '/a/', 'b', 'aaaa', 2);
r('group not taking part', '/(x)?y/', '[$1]', 'y');

// Stemmer patterns
foreach (['учиться', 'красивые', 'читавши', 'бегающий', 'радость', 'ейшая', 'длинн', 'и', ''] as $w) {
    m("RVRE $w", '/^(.*?[аеиоуыэюя])(.*)$/u', $w);
    r("PERFECTIVEGROUND $w", '/((ив|ивши|ившись|ыв|ывши|ывшись)|((?<=[ая])(в|вши|вшись)))$/u', '', $w);
    r("ADJECTIVE $w", '/(ее|ие|ые|ое|ими|ыми|ей|ий|ый|ой|ем|им|ым|ом|его|ого|ему|ому|их|ых|еых|ую|юю|ая|яя|ою|ею)$/u', '', $w);
    m("DERIVATIONAL $w", '/[^аеиоуыэюя][аеиоуыэюя]+[^аеиоуыэюя]+[аеиоуыэюя].*(?<=о)сть?$/u', $w);
}

// Invalid patterns and subjects
m('unbalanced paren', '/(a/', 'a');
m('unknown modifier', '/a/k', 'a');
m('no end delimiter', '/a', 'a');
m('quantifier without item', '/?a/', 'a');
a('dynamic stem with paren', '#(?<=[^a-zа-я]|^)(man(1|apropos)[a-zа-я]*#sui', 'man(1)');
m('invalid utf-8 subject', '/а/u', "\xd0");
a('invalid utf-8 subject all', '/а/u', "а\xff");
r('invalid utf-8 subject replace', '/а/u', 'б', "а\xff");
m('invalid utf-8 in pattern', "/\xff/u", 'a');
m('bytes pattern on invalid utf-8', '/\xff/', "a\xff");

// Octal escapes: \0 and up to two more digits; in a class, \1 to \7 start one too.
m('octal escape', '/\\0101\\01\\0/', "A\x01\x00");
m('octal escape stops at three digits', '/\\01011/', "A1");
m('octal in a class', '/^[\\101-\\103]+$/', 'ABC');
m('octal over 377 without u', '/\\0777/', 'x');
m('octal over 377 in a class with u', '/[\\777]/u', "\u{1FF}");

$out = [];
foreach ($cases as $c) {
    $warnings = [];
    $res = null; $matches = 'untouched';
    if ($c['fn'] === 'match') { $res = preg_match($c['pattern'], $c['subject'], $matches); }
    elseif ($c['fn'] === 'match_all') { $res = preg_match_all($c['pattern'], $c['subject'], $matches, PREG_OFFSET_CAPTURE); }
    else { $res = preg_replace($c['pattern'], $c['replacement'], $c['subject'], $c['limit']); }
    $enc = function ($v) use (&$enc) {
        if (is_string($v)) return ['b64' => base64_encode($v)];
        if (is_array($v)) { $o = []; foreach ($v as $k => $x) if (is_int($k)) $o[] = $enc($x); return $o; }
        return $v;
    };
    $row = ['fn' => $c['fn'], 'note' => $c['note'], 'pattern' => base64_encode($c['pattern']), 'subject' => base64_encode($c['subject'])];
    if (isset($c['replacement'])) { $row['replacement'] = base64_encode($c['replacement']); $row['limit'] = $c['limit']; }
    $row['result'] = $enc($res);
    if ($c['fn'] !== 'replace') $row['matches'] = $matches === 'untouched' ? 'untouched' : $enc($matches);
    $row['failed'] = ($res === false || $res === null);
    $row['error'] = preg_last_error();
    $row['warnings'] = $warnings;
    $out[] = $row;
}
echo json_encode($out, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
