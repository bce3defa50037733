package benchsh.shell; public class Main { public static void main(String[] a) {} }
