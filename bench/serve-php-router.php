<?php
// The reference served the way it was: PHP's own search (s2_search's Finder, from
// S2_SEARCH_SRC, never part of this repository) answering /api/search?q=QUERY under
// `php -S`, a request a process run, reading the index file each time as the S2 site did,
// and the texts of the ten chapters shown (one file each, as a site reads ten rows).
// bench/serve.sh starts it; it answers what `rules serve`'s /api/search answers: the
// ranking and the first ten snippets, as JSON.
namespace s2_extensions\s2_search;

ini_set('serialize_precision', '-1');
mb_internal_encoding('UTF-8');

function utf8_strtolower($s) { return mb_strtolower($s); }
function utf8_substr($s, $o, $l = false) { return $l === false ? mb_substr($s, $o) : mb_substr($s, $o, $l); }

$src = getenv('S2_SEARCH_SRC');
foreach (['Worker', 'Stemmer', 'GenericFetcher', 'Finder'] as $c)
    require_once $src . '/' . $c . '.php';

/// The texts of the chapters asked for, each from its own file.
class ChapterFiles implements GenericFetcher
{
    private $dir;
    function __construct($dir) { $this->dir = $dir; }
    public function process(Indexer $indexer) {}
    public function chapter($id) { return []; }
    public function texts($ids)
    {
        $out = [];
        foreach ($ids as $id) {
            $file = $this->dir . '/' . rawurlencode((string)$id) . '.html';
            if (is_file($file)) $out[$id] = file_get_contents($file);
        }
        return $out;
    }
}

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path !== '/api/search' || !isset($_GET['q'])) {
    http_response_code(404);
    echo "{}";
    return true;
}
header('Content-Type: application/json; charset=utf-8');
$finder = new Finder(getenv('S2_INDEX_DIR') . '/');
[$weights, $toc] = $finder->find($_GET['q']);
$results = [];
foreach ($weights as $chapter => $weight) $results[] = [(string)$chapter, $weight, $toc[$chapter]['title']];
$top = array_slice(array_keys($weights), 0, 10);
$snippets = $top ? $finder->snippets($top, new ChapterFiles(getenv('S2_TEXTS_DIR'))) : [];
echo json_encode(['query' => $_GET['q'], 'total' => count($weights), 'results' => array_slice($results, 0, 10), 'snippets' => $snippets],
    JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);
