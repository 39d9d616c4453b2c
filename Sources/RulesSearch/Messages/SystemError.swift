import Glibc

extension Localized {
    /// What the system's error `code` (an `errno`) says: its English text from the C
    /// library (`strerror`, as the messages always gave it), and the Russian for the errors
    /// reading and writing files meet; another error is named with its number.
    package static func system(_ code: Int32) -> Localized {
        let english = String(cString: strerror(code))
        return Localized(english, ru: russianSystemErrors[code] ?? "системная ошибка \(code) (\(english))")
    }

    private static let russianSystemErrors: [Int32: String] = [
        EPERM: "операция не разрешена",
        ENOENT: "нет такого файла или каталога",
        EINTR: "вызов прерван сигналом",
        EIO: "ошибка ввода-вывода",
        ENXIO: "нет такого устройства или адреса",
        EBADF: "неверный дескриптор файла",
        EAGAIN: "ресурс временно недоступен",
        ENOMEM: "не хватает памяти",
        EACCES: "нет прав доступа",
        EADDRINUSE: "адрес уже используется",
        EADDRNOTAVAIL: "нет такого адреса на этой машине",
        EBUSY: "устройство или ресурс занято",
        EEXIST: "файл уже существует",
        EXDEV: "ссылка между разными файловыми системами",
        ENODEV: "нет такого устройства",
        ENOTDIR: "это не каталог",
        EISDIR: "это каталог",
        EINVAL: "недопустимый аргумент",
        ENFILE: "в системе открыто слишком много файлов",
        EMFILE: "открыто слишком много файлов",
        ETXTBSY: "исполняемый файл занят",
        EFBIG: "файл слишком велик",
        ENOSPC: "на устройстве не осталось места",
        ESPIPE: "недопустимое перемещение по файлу",
        EROFS: "файловая система доступна только для чтения",
        EPIPE: "канал закрыт с другого конца",
        ENAMETOOLONG: "слишком длинное имя файла",
        ELOOP: "слишком много уровней символьных ссылок",
        EOVERFLOW: "значение слишком велико для этого типа данных",
        EDQUOT: "превышена дисковая квота",
        ESTALE: "устаревший дескриптор файла NFS",
    ]
}
