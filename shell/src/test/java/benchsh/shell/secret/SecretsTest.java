package benchsh.shell.secret;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.args.UsageException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The masks: what is written after password:, and every secret value the session was given. */
class SecretsTest {
    @Test
    void whatIsWrittenAfterPasswordIsMaskedKeepingItsQuotes() {
        assertEquals("h = host 'me@pc1', password: '***', key: 'k'", Secrets.redactWritten("h = host 'me@pc1', password: 'hunter2', key: 'k'"));
        assertEquals("passphrase = \"***\"", Secrets.redactWritten("passphrase = \"hunter2\""));
        assertEquals("pc1 = me@pc1 password=*** dir=/tmp", Secrets.redactWritten("pc1 = me@pc1 password=hunter2 dir=/tmp"));
        assertEquals("host 'x', password: '***", Secrets.redactWritten("host 'x', password: 'hunter2"), "an unclosed quote (a syntax error)");
        assertNull(Secrets.redactWritten(null));
    }

    @Test
    void promptAndEnvAreNotSecretsAndStay() {
        String line = "a = host 'pc1', password: prompt; b = host 'pc2', password: env('PC2_PW'), c = host 'pc3', password: pw";
        assertEquals(line, Secrets.redactWritten(line));
        assertEquals("--set password=*** --set passphrase=prompt", Secrets.redactWritten("--set password=hunter2 --set passphrase=prompt"));
    }

    @Test
    void aRememberedSecretIsMaskedEverywhereLongestFirst() {
        Secrets s = new Secrets();
        String text = "pw = 'hunter2'\nh = host 'pc1', password: pw\n--set login=hunter2x";
        assertEquals(text, s.redact(text), "nothing is known yet, and pw is only a name");
        s.remember("hunter2".toCharArray());
        s.remember("hunter2x");
        assertEquals(2, s.generation());
        assertEquals("pw = '***'\nh = host 'pc1', password: pw\n--set login=***", s.redact(text));
        s.remember("hunter2");
        assertEquals(2, s.generation(), "a value remembered again changes nothing");
    }

    @Test
    void shortValuesAreNotMaskedOnTheirOwn() {
        Secrets s = new Secrets();
        s.remember("abc");
        assertEquals(0, s.generation());
        assertEquals("abc abc password: '***'", s.redact("abc abc password: 'abc'"));
    }

    @Test
    void valuesMapsListsAndResultsAreMaskedInside() {
        Secrets s = new Secrets();
        s.remember("hunter2");
        assertEquals(Map.of("p", List.of("x-***", 3)), s.redactValue(Map.of("p", List.of("x-hunter2", 3))));
        Result r = new Result("tcp", Status.FAILED, "a", "b", Map.of("file", "/tmp/hunter2", "size", 4096L), Map.of("bytes", 1L),
                Map.of("label", "hunter2"), Instant.EPOCH, 1, "a: login: hunter2", List.of());
        Result masked = s.redact(r);
        assertEquals("/tmp/***", masked.params().get("file"));
        assertEquals(4096L, masked.params().get("size"));
        assertEquals("***", masked.tags().get("label"));
        assertEquals("a: login: ***", masked.error());
        assertEquals(r.metrics(), masked.metrics());
    }

    @Test
    void envReadsTheEnvironmentRemembersTheValueAndPrintsAsStars() {
        Secrets s = new Secrets();
        Secret secret = Secret.fromEnvironment("PC1_PW", name -> name.equals("PC1_PW") ? "from-the-env" : null, s);
        assertEquals("***", secret.toString());
        assertEquals("from-the-env", new String(secret.chars()));
        assertEquals("x *** y", s.redact("x from-the-env y"));
        UsageException unset = assertThrows(UsageException.class, () -> Secret.fromEnvironment("NOPE", name -> null, s));
        assertTrue(unset.getMessage().contains("NOPE is not set"), unset.getMessage());
    }
}
