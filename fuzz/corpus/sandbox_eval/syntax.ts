const = ;
}{