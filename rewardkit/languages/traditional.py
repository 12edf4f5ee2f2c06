"""Traditional Chinese characters, read as the simplified ones the Chinese reader knows.

Taiwan, Hong Kong and Macau write ``所以總共賣了七十二個。`` where the mainland writes
``所以总共卖了七十二个。``: the same words, the same numerals (``萬``, ``億``, ``兩``, the financial ``參``,
``貳``, ``陸``), markers (``答案為``), measure words (``個``, ``隻``, ``張``, ``輛``) and units (``小時``,
``鐘頭``, ``噸``, ``釐米``). Each traditional character is written as its simplified form, one character for
one, before the Chinese reader runs, so that every rule it has reads both scripts, and a position in the
rewritten text is the same position in the caller's.

The table holds the characters whose simplified form is another character, and only those whose form maps
to one simplified character whatever the word (``乾``, dry or the heavens, and ``著``, the particle or "to
write", stay as they are). Japanese writes many of these characters too, in words of its own (``時間``,
``個``, ``問題``): a text with kana is Japanese, and is left to its reader.

>>> to_simplified("所以總共賣了七十二個。"), to_simplified("答案為兩萬零參百")
('所以总共卖了七十二个。', '答案为两万零叁百')
"""

from __future__ import annotations

from rewardkit.lazy_regex import lazy_compile

# traditional, simplified: in pairs, two characters each
_PAIRS = (
    # numerals, the financial ones, and the scales
    "萬万億亿兩两參参貳贰陸陆叄叁幾几"
    # markers, conclusions, copulas, negation and the commitment words
    "為为爲为們们這这個个對对說说認认覺觉確确實实應应該该選选擇择項项題题問问與与並并從从於于後后還还會会"
    "當当讓让錯错誤误訂订糾纠試试驗验檢检設设許许論论證证據据點点數数隨随預预計计總总結结綜综經经過过歸归"
    "斷断決决況况則则條条準准將将麼么嗎吗罷罢邊边較较約约無无沒没絕绝極极頂顶僅仅隻只雙双組组種种類类顆颗"
    "張张輛辆塊块間间節节課课層层場场歲岁週周鐘钟頭头臺台號号盤盘戶户門门隊队屆届輪轮頁页筆笔"
    # units and money
    "錢钱圓圆釐厘噸吨畝亩頃顷鎊镑時时長长寬宽積积體体廣广闊阔"
    # verbs and nouns of word problems
    "賣卖買买給给帶带運运輸输贏赢賺赚虧亏減减歡欢讀读寫写畫画學学師师貨货費费價价錶表鍋锅雞鸡鴨鸭鵝鹅魚鱼"
    "鳥鸟馬马豬猪貓猫蘋苹蔥葱麵面樹树園园東东車车飛飞機机鐵铁橋桥樓楼廠厂員员倉仓庫库農农飯饭籃篮線线圖图"
    "區区縣县國国銀银紅红綠绿藍蓝黃黄顏颜紙纸書书盞盏燈灯聲声電电腦脑視视鏡镜聽听講讲話话兒儿親亲爺爷媽妈"
    "孫孙開开關关動动進进遠远連连達达遲迟離离剛刚劃划換换餘余湊凑夠够攢攒裝装擺摆發发變变復复複复滿满雜杂"
    "亂乱齊齐專专業业產产營营辦办務务勞劳漲涨贈赠償偿現现際际備备擔担識识記记憶忆懷怀測测聞闻"
    # particles, pronouns and function words
    "裡里裏里雖虽來来別别"
    # the rest of the words the reader holds
    "歐欧簡简單单顯显標标誌志稱称細细終终統统納纳獲获觀观見见評评訴诉詳详請请負负敗败載载適适鄰邻釋释針针"
    "鍵键難难須须頗颇駛驶丟丢嚴严臨临侖仑優优傷伤興兴製制華华卻却堅坚幣币強强掃扫掛挂掙挣攝摄樣样競竞篩筛"
    "銷销禮礼碼码幫帮處处補补資资購购貴贵內内佔占註注緻致盃杯喫吃"
)
TRADITIONAL_TO_SIMPLIFIED: dict[str, str] = {
    _PAIRS[i]: _PAIRS[i + 1] for i in range(0, len(_PAIRS), 2) if _PAIRS[i] != _PAIRS[i + 1]
}
TRADITIONAL = frozenset(TRADITIONAL_TO_SIMPLIFIED)
TABLE = str.maketrans(TRADITIONAL_TO_SIMPLIFIED)
# 參 is the financial three among the numerals it is written with ("參佰", "壹萬參仟": 叁), before a
# classifier ("參個") or alone as a value ("答案為參。"), and 参 of a word elsewhere ("參考答案", the
# reference answer; "參加", take part): 参 is no numeral, so the word never reads 3
FINANCIAL_THREE = lazy_compile(
    "參(?=[拾佰仟萬億元圓角個隻張條本件位名次歲])"
    "|(?<=[壹貳參叄肆伍陸柒捌玖拾佰仟萬億零])參"
    "|(?<=[是為为:：])參(?=[。，.,！!；;]|\\s|$)"
)


def to_simplified(text: str) -> str:
    """``text`` with each traditional character of the table as its simplified form (one for one), the
    financial 參 among numerals as 叁.

    >>> to_simplified("參考答案：參佰元")
    '参考答案：叁佰元'
    """
    return FINANCIAL_THREE.sub("叁", text).translate(TABLE)
