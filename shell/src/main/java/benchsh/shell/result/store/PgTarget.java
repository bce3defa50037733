package benchsh.shell.result.store;

import benchsh.shell.secret.Secrets;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * A PostgreSQL store as {@code --db} names it: {@code postgresql://user[:password]@host[:port]/db[?param=value&...]}
 * ({@code postgres://} too), the parts percent-decoded as in libpq's URIs. As libpq does: no user
 * means the OS user, no database means the user's name, and a password not in the URL comes from
 * {@code $PGPASSWORD}, else the driver looks it up in {@code ~/.pgpass} (or {@code $PGPASSFILE}). Other
 * params go to the JDBC driver as they are (e.g. {@code sslmode=require}, {@code connectTimeout=5}).
 * {@link #display()} never holds the password. Immutable.
 */
record PgTarget(String user, String password, String passwordFrom, String host, int port, boolean portGiven, String database,
                Map<String, String> params) {
    static final int DEFAULT_PORT = 5432;
    /** Seconds to open the TCP connection, to log in, and at most for any one reply of the server. */
    static final int CONNECT_TIMEOUT_S = 10;
    static final int LOGIN_TIMEOUT_S = 20;
    static final int SOCKET_TIMEOUT_S = 120;

    private static final String FORM = "give postgresql://user[:password]@host[:port]/database";

    static boolean isUrl(String target) {
        String t = target.trim().toLowerCase(Locale.ROOT);
        return t.startsWith("postgresql://") || t.startsWith("postgres://");
    }

    /** Parses a URL; {@code env} supplies {@code PGPASSWORD}. The error never repeats the password. */
    static PgTarget parse(String url, Map<String, String> env) throws StoreException {
        String raw = url.trim();
        String rest = raw.substring(raw.indexOf("://") + 3);
        int query = rest.indexOf('?');
        String beforeQuery = query < 0 ? rest : rest.substring(0, query);
        int at = beforeQuery.lastIndexOf('@');
        String userInfo = at < 0 ? "" : beforeQuery.substring(0, at);
        String hostPath = beforeQuery.substring(at + 1);
        int slash = hostPath.indexOf('/');
        String hostPort = slash < 0 ? hostPath : hostPath.substring(0, slash);
        String database = slash < 0 ? "" : decode(hostPath.substring(slash + 1), raw);
        int colon = userInfo.indexOf(':');
        String user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon), raw);
        String password = colon < 0 ? null : decode(userInfo.substring(colon + 1), raw);
        Map<String, String> params = params(query < 0 ? "" : rest.substring(query + 1), raw);
        if (params.containsKey("password")) {
            password = params.remove("password");
        }
        String host;
        String port;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                throw bad(raw, "the IPv6 address has no closing ]");
            }
            host = hostPort.substring(1, close);
            port = hostPort.substring(close + 1).startsWith(":") ? hostPort.substring(close + 2) : "";
        } else {
            int c = hostPort.lastIndexOf(':');
            host = c < 0 ? hostPort : hostPort.substring(0, c);
            port = c < 0 ? "" : hostPort.substring(c + 1);
        }
        if (host.isEmpty()) {
            throw bad(raw, "it names no host (benchsh reaches PostgreSQL over TCP only)");
        }
        int portNumber = DEFAULT_PORT;
        if (!port.isEmpty()) {
            try {
                portNumber = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                portNumber = -1;
            }
            if (portNumber < 1 || portNumber > 65535) {
                throw bad(raw, "'" + port + "' is not a port");
            }
        }
        if (user.isEmpty()) {
            user = System.getProperty("user.name");
        }
        String from = "the URL";
        if (password == null && env.get("PGPASSWORD") != null && !env.get("PGPASSWORD").isEmpty()) {
            password = env.get("PGPASSWORD");
            from = "PGPASSWORD";
        } else if (password == null) {
            from = "~/.pgpass";
        }
        return new PgTarget(user, password, from, host, portNumber, !port.isEmpty(), database.isEmpty() ? user : database, Map.copyOf(params));
    }

    /** The URL without password or params, e.g. {@code postgresql://bench@db1:5433/results}. */
    String display() {
        return "postgresql://" + user + "@" + hostForUrl() + (portGiven ? ":" + port : "") + "/" + database;
    }

    /** host:port, for messages. */
    String address() {
        return hostForUrl() + ":" + port;
    }

    String jdbcUrl() {
        return "jdbc:postgresql://" + hostForUrl() + ":" + port + "/" + URLEncoder.encode(database, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The driver's properties: user, password (when known), timeouts in seconds, then the URL's params. */
    Properties properties() {
        Properties p = new Properties();
        p.setProperty("user", user);
        if (password != null) {
            p.setProperty("password", password);
        }
        p.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_S));
        p.setProperty("loginTimeout", Integer.toString(LOGIN_TIMEOUT_S));
        p.setProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_S));
        p.setProperty("tcpKeepAlive", "true");
        p.setProperty("ApplicationName", "benchsh");
        params.forEach(p::setProperty);
        return p;
    }

    private String hostForUrl() {
        return host.contains(":") ? "[" + host + "]" : host;
    }

    private static Map<String, String> params(String query, String raw) throws StoreException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw bad(raw, "'" + Secrets.redactWritten(pair) + "' is not name=value");
            }
            out.put(decode(pair.substring(0, eq), raw), decode(pair.substring(eq + 1), raw));
        }
        return out;
    }

    private static String decode(String s, String raw) throws StoreException {
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw bad(raw, "a %-escape is broken (write % as %25)");
        }
    }

    private static StoreException bad(String raw, String why) {
        return new StoreException("store " + Secrets.redactWritten(raw) + ": not a PostgreSQL URL: " + why + "; " + FORM);
    }
}
