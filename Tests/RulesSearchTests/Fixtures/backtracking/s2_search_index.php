<?php //a:8:{s:1:"t";a:1:{i:1;i:1;}s:84:"a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?aaaaaaaaaaaaaaaaaaaaaaaaaaaa";a:1:{i:1;i:2;}s:28:"aaaaaaaaaaaaaaaaaaaaaaaaaaaa";a:1:{i:1;s:7:"3|4|5|y";}s:1:"a";a:1:{i:1;s:55:"6|7|8|9|a|b|c|d|e|f|g|h|i|j|k|l|m|n|o|p|q|r|s|t|u|v|w|x";}s:3:"end";a:1:{i:1;i:35;}s:1:"u";a:1:{i:2;i:1;}s:5:"other";a:1:{i:2;i:2;}s:4:"text";a:1:{i:2;i:3;}}
      //a:0:{}
      //a:3:{s:1:"t";a:1:{i:1;i:20;}s:84:"a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?a?aaaaaaaaaaaaaaaaaaaaaaaaaaaa";a:1:{i:1;i:30;}s:1:"u";a:1:{i:2;i:20;}}
      //a:0:{}
      //a:0:{}
      //a:2:{i:1;a:5:{s:5:"title";s:1:"T";s:5:"descr";s:0:"";s:4:"time";i:0;s:3:"url";s:2:"/1";s:2:"id";i:1;}i:2;a:5:{s:5:"title";s:1:"U";s:5:"descr";s:0:"";s:4:"time";i:0;s:3:"url";s:2:"/2";s:2:"id";i:2;}}
