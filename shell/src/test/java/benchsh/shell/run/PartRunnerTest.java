package benchsh.shell.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How a side's error is named in a result: by its host, and a stall also by the partner that went quiet. */
class PartRunnerTest {
    @Test
    void aStallNamesThePartnerTheDataShouldHaveComeFrom() {
        assertEquals("h1: no data from h2 for 10 s", PartRunner.named("h1", "h2", "no data for 10 s"));
    }

    @Test
    void otherErrorsGetTheirHostOnce() {
        assertEquals("h1: cannot listen on 10.0.0.1:5: in use", PartRunner.named("h1", "h2", "cannot listen on 10.0.0.1:5: in use"));
        assertEquals("h1: gone", PartRunner.named("h1", "h2", "h1: gone"));
    }

    @Test
    void aSideWithoutAPartnerStallsOnItsOwn() {
        assertEquals("h1: no data for 10 s", PartRunner.named("h1", "h1", "no data for 10 s"));
    }
}
